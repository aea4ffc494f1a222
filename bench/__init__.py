"""``make bench``: the engine's speed against hand-written play-outs of the same games."""
