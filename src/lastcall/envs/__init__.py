"""Learning environments: every lastcall game for PettingZoo, Gymnasium and OpenSpiel.

Each adapter is its own module and needs its library, an optional extra
(``pip install 'lastcall[rl]'``, or ``lastcall[pettingzoo]``, ``lastcall[gymnasium]``,
``lastcall[openspiel]``). Importing ``lastcall`` or this package imports none of them.
"""
