"""``python -m lastcall.cli``: the ``lastcall`` command without its script."""

from lastcall.cli import main

main()
