// A Bubble Tea program styled with lipgloss for vtsnap's PTY recipe (docs/pty-recipes.md,
// "lipgloss (Go)"): the fruit menu of the other recipes in a rounded box, in a dark theme when the
// terminal's background is dark and a light theme otherwise. lipgloss learns the background from
// termenv, which asks the terminal (OSC 11, then a cursor position report).
//
// Built offline against Debian's packaged sources (golang-github-charmbracelet-bubbletea-dev,
// golang-github-charmbracelet-lipgloss-dev):
//
//	GO111MODULE=off GOPATH=/usr/share/gocode GOPROXY=off go build -o lipgloss_menu main.go
package main

import (
	"fmt"
	"os"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Each colour has a light-theme and a dark-theme value (256-colour palette indexes: the session's
// TERM=xterm-256color makes termenv's profile ANSI256).
var (
	accent   = lipgloss.AdaptiveColor{Light: "25", Dark: "117"}
	subtle   = lipgloss.AdaptiveColor{Light: "244", Dark: "243"}
	selectFg = lipgloss.AdaptiveColor{Light: "231", Dark: "16"}
	selectBg = lipgloss.AdaptiveColor{Light: "25", Dark: "117"}

	titleStyle    = lipgloss.NewStyle().Bold(true).Foreground(accent)
	itemStyle     = lipgloss.NewStyle().PaddingLeft(2)
	selectedStyle = lipgloss.NewStyle().Foreground(selectFg).Background(selectBg)
	hintStyle     = lipgloss.NewStyle().Foreground(subtle)
	boxStyle      = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(accent).
			Padding(0, 1)
)

type model struct {
	items  []string
	cursor int
	theme  string
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

func (m model) View() string {
	var b strings.Builder
	b.WriteString(titleStyle.Render("Pick a fruit") + "\n\n")
	for i, item := range m.items {
		if i == m.cursor {
			b.WriteString(selectedStyle.Render(fmt.Sprintf("> %-8s", item)) + "\n")
		} else {
			b.WriteString(itemStyle.Render(fmt.Sprintf("%-8s", item)) + "\n")
		}
	}
	b.WriteString("\n" + hintStyle.Render(m.theme+" theme, j/k move, q quit"))
	return boxStyle.Render(b.String())
}

func main() {
	// Ask before the program starts, so that termenv reads the terminal's answer before Bubble
	// Tea's input reader reads the terminal too (otherwise the first View asks, while it runs).
	// lipgloss caches the result: every AdaptiveColor uses this one answer.
	theme := "light"
	if lipgloss.HasDarkBackground() {
		theme = "dark"
	}
	p := tea.NewProgram(model{items: []string{"apple", "banana", "cherry"}, theme: theme},
		tea.WithAltScreen())
	final, err := p.StartReturningModel()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if chosen := final.(model).chosen; chosen != "" {
		fmt.Printf("chose %s\n", chosen)
	}
}
