"""Tindahan: a trick-taking game of fruit cards, market stalls and sellers."""
