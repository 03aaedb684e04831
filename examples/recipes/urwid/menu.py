"""A small urwid program for vtsnap's PTY recipe (docs/pty-recipes.md, "urwid"): three fruits
in a box, up/down to move, enter to choose (printed after the program leaves), q to quit.

Run it with Debian's /usr/bin/python3 (python3-urwid), not another python3 on PATH.
"""
import sys

import urwid

FRUITS = ["apple", "banana", "cherry"]
PALETTE = [
    ("title", "white,bold", "dark blue"),
    ("item", "default", "default"),
    ("focus", "black", "dark cyan"),
    ("footer", "dark gray", "default"),
]
chosen = []


def choose(button, fruit):
    chosen.append(fruit)
    raise urwid.ExitMainLoop()


def on_key(key):
    if key in ("q", "Q"):
        raise urwid.ExitMainLoop()


items = []
for fruit in FRUITS:
    button = urwid.Button(fruit)
    urwid.connect_signal(button, "click", choose, fruit)
    items.append(urwid.AttrMap(button, "item", focus_map="focus"))
body = urwid.ListBox(urwid.SimpleFocusListWalker(items))
frame = urwid.Frame(
    urwid.LineBox(body, title="Fruit"),
    header=urwid.AttrMap(urwid.Text(" Pick a fruit"), "title"),
    footer=urwid.AttrMap(urwid.Text(" up/down move, enter choose, q quit"), "footer"),
)
urwid.MainLoop(frame, PALETTE, unhandled_input=on_key).run()
if chosen:
    print("chose " + chosen[0])
sys.exit(0)
