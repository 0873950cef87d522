"""trigammon_widget: rules engine for three-player trigammon and classic backgammon.

A Jupyter widget (anywidget) front end builds on the engine.
"""

__version__ = "0.1.0"
