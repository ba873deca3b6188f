"""A filled crossword's outputs: PDF, SVG and HTML pages (``render``), the ipuz/puz documents and
clue lists (``exports``) and the playable page (``play``)."""
