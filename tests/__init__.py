"""The suite, a package that mirrors ``src/trigammon_widget/``: test modules of one name
in two folders do not clash, and helpers are imported by their place
(``tests.waiting``, ``tests.engine.strategies``)."""
