// A small Ink program for vtsnap's PTY recipe (docs/pty-recipes.md, "Ink"): three fruits in a box,
// up/down to move, enter to choose, q to quit. Plain JavaScript (React.createElement as h), so it
// runs on Node without a JSX build step. Its modules: npm ci in this folder (scripts/setup.sh).
import React, {useState} from 'react';
import {render, Box, Text, useApp, useInput} from 'ink';

const h = React.createElement;
const fruits = ['apple', 'banana', 'cherry'];

function Menu() {
  const {exit} = useApp();
  const [cursor, setCursor] = useState(0);
  const [chosen, setChosen] = useState(null);
  useInput((input, key) => {
    if (key.downArrow) setCursor(c => Math.min(c + 1, fruits.length - 1));
    if (key.upArrow) setCursor(c => Math.max(c - 1, 0));
    if (key.return) {
      setChosen(fruits[cursor]);
      setTimeout(exit, 0);
    }
    if (input === 'q') exit();
  });
  if (chosen) return h(Text, null, `chose ${chosen}`);
  return h(Box, {flexDirection: 'column', borderStyle: 'round', borderColor: 'cyan', paddingX: 1},
           h(Text, {bold: true}, 'Pick a fruit'),
           ...fruits.map((fruit, i) => h(Text, {key: fruit, inverse: i === cursor},
                                         `${i === cursor ? '>' : ' '} ${fruit}`)),
           h(Text, {dimColor: true}, 'up/down move, enter choose, q quit'));
}

render(h(Menu));
