"""Bastos!: the secrets of the fields shown through a view function (see spec.common.secrets).

Hands and the secret picks are ``OWNER`` and need no entry here.
"""
from __future__ import annotations

from spec.common.secrets import cards_in


def _won_tricks(cfg, state, value, seat):
    # BAS-6.6: won tricks lie face down until the round is over, unseen by everyone
    return cards_in(value)


SLOTS = {"tricks": _won_tricks}
