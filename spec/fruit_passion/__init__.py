"""Fruit Passion (Szollosi): collect runs of seven fruits in stacks nobody may look into."""
