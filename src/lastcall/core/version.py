"""The engine version, written into every match record."""

__version__ = "0.1.0"
