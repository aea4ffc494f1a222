"""Bastos!: the trick-taking game of the Filipino Fruit Market box, as a declarative spec."""
