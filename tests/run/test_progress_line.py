"""The progress line never lands inside another line: a message printed while it shows erases it
first, and no line is drawn until the message's line has ended (print writes the text and its
newline apart; the ticker once drew between them: "grounding, 1 sinterrupted while grounding")."""

from __future__ import annotations

import io

from pyclingo_puzzles.run import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_message_erases_the_line_and_no_line_is_drawn_inside_it() -> None:
    screen = Terminal()
    bar = progress.Bar(started=0.0, stream=screen, delay=0.0)
    stderr = progress._Clearing(screen, bar)
    bar.draw("grounding, 1 s")
    stderr.write("interrupted while grounding")
    bar.draw("grounding, 2 s")  # between the message and its newline: not drawn
    stderr.write("\n")
    assert screen.getvalue() == "\r\x1b[Kgrounding, 1 s\r\x1b[Kinterrupted while grounding\n"
    bar.draw("grounding, 3 s")  # the message's line has ended: drawn again
    assert screen.getvalue().endswith("\n\r\x1b[Kgrounding, 3 s")
