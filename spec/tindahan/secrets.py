"""Tindahan: the secrets of the fields shown through a view function (see spec.common.secrets).

Hands are ``OWNER`` and need no entry here.
"""
from __future__ import annotations

from spec.common.secrets import cards_in


def _won_tricks(cfg, state, value, seat):
    # TIN-4.5: won tricks lie face down, unseen by everyone (their winner too)
    return cards_in(value)


SLOTS = {"taken": _won_tricks}
