"""Simulation and benchmarks, generic over the engine contract."""

from lastcall.sim.runner import GameResult, SimulationSummary, play_game, simulate

__all__ = ["GameResult", "SimulationSummary", "play_game", "simulate"]
