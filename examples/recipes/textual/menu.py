"""A small Textual program for vtsnap's PTY recipe (docs/pty-recipes.md, "Textual"): three fruits,
j to move down, q to quit, with Textual's footer showing the key bindings.

Written for Debian's python3-textual 0.1.13 (the 2021 API: App.run(), view.dock(), async
actions); run it with Debian's /usr/bin/python3, not another python3 on PATH.
"""
from rich.text import Text
from textual.app import App
from textual.widgets import Footer, Static

FRUITS = ["apple", "banana", "cherry"]


class Menu(App):
    cursor = 0

    async def on_load(self, event):
        await self.bind("j", "down", "Down")
        await self.bind("q", "quit", "Quit")

    def menu(self):
        text = Text()  # Text("...", style=...) would make the style the base of every line
        text.append("Pick a fruit\n\n", style="bold cyan")
        for i, fruit in enumerate(FRUITS):
            selected = i == self.cursor
            text.append(("> " if selected else "  ") + fruit + "\n",
                        style="reverse" if selected else "")
        return text

    async def on_mount(self, event):
        self.body = Static(self.menu())
        await self.view.dock(Footer(), edge="bottom")
        await self.view.dock(self.body, edge="top")

    async def action_down(self):
        self.cursor = min(self.cursor + 1, len(FRUITS) - 1)
        await self.body.update(self.menu())


Menu.run()
