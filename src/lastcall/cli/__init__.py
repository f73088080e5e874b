"""The ``lastcall`` command line."""

import sys


def main() -> None:
    """The ``lastcall`` command; ``--version`` alone answers before the commands load.

    Loading the commands (typer, rich and the layers behind them) costs
    several times a bare interpreter's start, which a version check
    should not pay.
    """
    if sys.argv[1:] == ["--version"]:
        from lastcall.core.version import __version__

        print(f"lastcall {__version__}")
        sys.exit(0)
    from lastcall.cli.app import main as run_command

    run_command()
