"""Tanuki Market: the clause catalogue, card list, state, scoring and moves."""
