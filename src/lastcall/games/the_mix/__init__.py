"""The Mix: worker placement and engine building behind the bar of the Foxtrot Bar.

Only the components exist so far (``content``); the game is not registered
until its engine is written.
"""
