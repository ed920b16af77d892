"""Bridges to peer programs (OpenSpiel, the ``dominoes`` package): lockstep differential tests and deciders.

Only benchmarks and tests import this package; the engines, the AI and the
command line never do, and playing never needs a peer. The peers are the
optional extra ``peers`` and are imported on first use, so importing
``bonepile.peers`` (or its driver modules) works without them; using a driver
without them raises ``PeerMissingError`` naming the extra.

* ``bonepile.peers.openspiel_dominoes``: ``python_block_dominoes`` and
  ``python_team_dominoes``; ``play_lockstep``, ``openspiel_random_decider``,
  ``openspiel_ismcts_decider``.
* ``bonepile.peers.dominoes_package``: the package's partnership game;
  ``play_lockstep``, ``dominoes_random_decider``, ``dominoes_package_player``.
"""

from bonepile.peers._bridge import (
    INSTALL_HINT,
    PEERS_EXTRA,
    Decider,
    LockstepMismatch,
    LockstepResult,
    OurDecider,
    PeerDecider,
    PeerMissingError,
    bonepile_decider,
)

__all__ = [
    "INSTALL_HINT",
    "PEERS_EXTRA",
    "Decider",
    "LockstepMismatch",
    "LockstepResult",
    "OurDecider",
    "PeerDecider",
    "PeerMissingError",
    "bonepile_decider",
]
