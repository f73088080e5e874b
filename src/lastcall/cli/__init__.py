"""The ``lastcall`` command line."""
