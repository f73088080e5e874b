"""``python -m lastcall.cli``: the ``lastcall`` command without its script."""

from lastcall.cli.app import main

main()
