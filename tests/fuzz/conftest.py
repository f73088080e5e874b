"""Fuzzing profiles: a fixed, quick set of examples for every test run, and a deep one.

``HYPOTHESIS_PROFILE=deep pytest tests/fuzz`` explores far more, with fresh examples
each run; the default replays the same examples so a test run is repeatable.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "quick",
    max_examples=150,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "deep",
    max_examples=5000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
