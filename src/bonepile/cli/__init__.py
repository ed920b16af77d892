"""The terminal front end: ``bonepile play | replay | arena``."""
