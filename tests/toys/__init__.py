"""Toy games that exercise the engine contract without any real game's rules.

They are deliberately not registered, so the registry never sees them; the
conformance suite runs on them beside the registered games.
"""
