"""bonepile: rules engines, AI players and front ends for Dominoes and Tri-Ominos."""

__version__ = "0.1.0"
