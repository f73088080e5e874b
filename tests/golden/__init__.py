"""Golden records: recorded matches of every game, pinned to the hash of their final state."""
