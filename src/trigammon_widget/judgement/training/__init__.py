"""What only the scripts and the tests use: training the nets by self-play
(``self_play``) and on labelled positions (``supervised``, with ``fitting`` and
``ranking``), and the three-player benchmark of a bot (``benchmark``). Nothing the
board runs imports from here."""
