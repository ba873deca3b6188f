"""Free-form crossword construction from a word list (issue 12)."""
