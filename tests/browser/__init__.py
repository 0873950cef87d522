"""Tests that drive the board in JupyterLab, Notebook 7 and marimo through Debian's Chromium."""
