// A small Bubble Tea program for vtsnap's PTY recipe (docs/pty-recipes.md, "Bubble Tea"): three
// fruits in the alternate screen, j/k or the arrow keys to move, enter to choose (printed on the
// normal screen after the program leaves the alternate one), q to quit.
//
// Built offline against Debian's packaged sources (golang-github-charmbracelet-bubbletea-dev):
//   GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off go build -o bubbletea_menu main.go
package main

import (
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

type model struct {
	items  []string
	cursor int
	chosen string
}

func (m model) Init() tea.Cmd { return nil }

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if key, ok := msg.(tea.KeyMsg); ok {
		switch key.String() {
		case "down", "j":
			if m.cursor < len(m.items)-1 {
				m.cursor++
			}
		case "up", "k":
			if m.cursor > 0 {
				m.cursor--
			}
		case "enter":
			m.chosen = m.items[m.cursor]
			return m, tea.Quit
		case "q", "ctrl+c":
			return m, tea.Quit
		}
	}
	return m, nil
}

// The title bold and cyan, the selected fruit in reverse video, the hint dim (plain SGR: Debian
// packages Bubble Tea without lipgloss).
func (m model) View() string {
	s := "\x1b[1;36mPick a fruit\x1b[0m\n\n"
	for i, item := range m.items {
		if i == m.cursor {
			s += fmt.Sprintf("\x1b[7m> %-8s\x1b[0m\n", item)
		} else {
			s += fmt.Sprintf("  %-8s\n", item)
		}
	}
	s += "\n\x1b[2mj/k move, enter choose, q quit\x1b[0m"
	return s
}

func main() {
	p := tea.NewProgram(model{items: []string{"apple", "banana", "cherry"}}, tea.WithAltScreen())
	final, err := p.StartReturningModel()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if chosen := final.(model).chosen; chosen != "" {
		fmt.Printf("chose %s\n", chosen)
	}
}
