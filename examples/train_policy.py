"""Train a policy for one lastcall seat with PyTorch, then measure it against ``random``.

    pip install -e '.[rl]' torch==2.13.0
    python examples/train_policy.py --game bartender --minutes 7

The agent plays one seat (drawn at each episode) of a two-player game through
the Gymnasium environment, against the ``random`` bot. The policy is a small
network over the observation whose illegal actions are masked out; it learns
by policy gradient with a learned baseline (advantage actor-critic on whole
episodes, which is REINFORCE with a value function): every decision of an
episode is credited with the episode's final reward from the ranking, minus
the value the network predicted at that point. Several games run side by side
so that each network call decides for all of them at once.

At the end it plays fresh games against ``random`` with the policy's most
likely action, and as a baseline the same number of games of ``random`` against
``random``, and prints both win rates with 95% Wilson intervals (a win is
finishing strictly ahead of the other seat).
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field

import numpy as np
import torch
from torch import nn

from lastcall.envs.gymnasium import LastcallEnv
from lastcall.sim.stats import wilson


class Policy(nn.Module):
    """Action logits and a value estimate from one observation vector."""

    def __init__(self, size: int, actions: int, hidden: int = 128) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(size, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(
        self, observations: torch.Tensor, masks: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        hidden = self.body(observations)
        logits = self.logits(hidden).masked_fill(masks == 0, -1e9)
        return logits, self.value(hidden).squeeze(-1)


@dataclass
class Episode:
    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)


def _decide(policy: Policy, observations: list[dict[str, np.ndarray]], greedy: bool) -> list[int]:
    """One network call for the agents of all games waiting for a decision."""
    with torch.no_grad():
        logits, _ = policy(
            torch.as_tensor(np.stack([o["observation"] for o in observations])),
            torch.as_tensor(np.stack([o["action_mask"] for o in observations])),
        )
    if greedy:
        chosen = logits.argmax(-1)
    else:
        chosen = torch.multinomial(torch.softmax(logits, -1), 1).squeeze(-1)
    return [int(a) for a in chosen]


def _update(
    policy: Policy,
    optimiser: torch.optim.Optimizer,
    batch: list[tuple[Episode, float]],
    entropy_weight: float,
) -> None:
    observations = torch.as_tensor(np.stack([o for e, _ in batch for o in e.observations]))
    masks = torch.as_tensor(np.stack([m for e, _ in batch for m in e.masks]))
    actions = torch.as_tensor([a for e, _ in batch for a in e.actions])
    returns = torch.as_tensor([r for e, r in batch for _ in e.actions], dtype=torch.float32)
    logits, values = policy(observations, masks)
    log_probs = torch.log_softmax(logits, -1)
    chosen = log_probs.gather(1, actions.unsqueeze(1)).squeeze(1)
    entropy = -(log_probs.exp() * log_probs).sum(-1)
    advantages = returns - values.detach()
    loss = (
        -(chosen * advantages).mean()
        + 0.5 * ((returns - values) ** 2).mean()
        - entropy_weight * entropy.mean()
    )
    optimiser.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(policy.parameters(), 1.0)
    optimiser.step()


def train(args: argparse.Namespace) -> tuple[Policy, dict[str, float]]:
    torch.manual_seed(args.seed)
    envs = [
        LastcallEnv(args.game, players=2, opponents="random", seat=None)
        for _ in range(args.parallel)
    ]
    first = envs[0]
    policy = Policy(first.table.size, first.table.num_actions)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    observations = [env.reset(seed=args.seed * 1000 + i)[0] for i, env in enumerate(envs)]
    episodes = [Episode() for _ in envs]
    batch: list[tuple[Episode, float]] = []
    rewards: list[float] = []
    started = time.monotonic()
    deadline = started + 60 * args.minutes
    updates = steps = 0
    next_seed = args.seed * 1000 + len(envs)
    while time.monotonic() < deadline or updates == 0:
        actions = _decide(policy, observations, greedy=False)
        for i, env in enumerate(envs):
            episode = episodes[i]
            episode.observations.append(observations[i]["observation"])
            episode.masks.append(observations[i]["action_mask"])
            episode.actions.append(actions[i])
            observations[i], reward, terminated, _, _ = env.step(actions[i])
            steps += 1
            if terminated:
                batch.append((episode, float(reward)))
                rewards.append(float(reward))
                episodes[i] = Episode()
                observations[i] = env.reset(seed=next_seed)[0]
                next_seed += 1
        if len(batch) >= args.episodes_per_update:
            _update(policy, optimiser, batch, args.entropy)
            updates += 1
            batch = []
            if args.verbose and updates % 10 == 0:
                recent = rewards[-200:]
                print(
                    f"{time.monotonic() - started:6.0f}s  episodes {len(rewards):6d}  "
                    f"mean reward (last 200) {np.mean(recent):+.3f}",
                    flush=True,
                )
    return policy, {
        "episodes": len(rewards),
        "updates": updates,
        "agent_decisions": steps,
        "seconds": time.monotonic() - started,
    }


def play(game: str, policy: Policy | None, games: int, seed: int, parallel: int) -> tuple[int, int]:
    """Wins of the agent (the policy, or ``random`` when None) in ``games`` against ``random``."""
    wins = played = 0
    envs = [LastcallEnv(game, players=2, opponents="random", seat=None) for _ in range(parallel)]
    seeds = iter(range(seed, seed + games))
    observations = {i: env.reset(seed=next(seeds))[0] for i, env in enumerate(envs[:games])}
    pick = np.random.default_rng(seed)
    while observations:
        waiting = sorted(observations)
        if policy is None:
            actions = [
                int(pick.choice(np.flatnonzero(observations[i]["action_mask"]))) for i in waiting
            ]
        else:
            actions = _decide(policy, [observations[i] for i in waiting], greedy=True)
        for i, action in zip(waiting, actions, strict=True):
            observation, reward, terminated, _, _ = envs[i].step(action)
            if not terminated:
                observations[i] = observation
                continue
            played += 1
            wins += reward > 0
            following = next(seeds, None)
            if following is None:
                del observations[i]
            else:
                observations[i] = envs[i].reset(seed=following)[0]
    return wins, played


def main(argv: list[str] | None = None) -> dict[str, object]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bartender")
    parser.add_argument(
        "--minutes", type=float, default=5.0, help="training time (at least one update)"
    )
    parser.add_argument("--parallel", type=int, default=16, help="games played side by side")
    parser.add_argument("--episodes-per-update", type=int, default=32)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus weight")
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    policy, trained = train(args)
    evaluation_seed = 10**6 * (args.seed + 1)
    wins, games = play(args.game, policy, args.eval_games, evaluation_seed, args.parallel)
    base_wins, base_games = play(args.game, None, args.eval_games, evaluation_seed, args.parallel)
    low, high = wilson(wins, games)
    base_low, base_high = wilson(base_wins, base_games)
    result: dict[str, object] = {
        "game": args.game,
        **trained,
        "win_rate": wins / games,
        "win_rate_95": [low, high],
        "random_win_rate": base_wins / base_games,
        "random_win_rate_95": [base_low, base_high],
        "games": games,
        "lower_bound_above_random": low > base_wins / base_games,
    }
    print(json.dumps(result, indent=2))
    return result


if __name__ == "__main__":
    main()
