"""Proves the Playwright + Debian chromium recipe works (locally and in CI)."""

from typing import Any


def test_browser_renders_data_url(browser: Any) -> None:
    page = browser.new_page()
    try:
        page.goto("data:text/html,<p id=x>hi</p>")
        assert page.text_content("#x") == "hi"
    finally:
        page.close()
