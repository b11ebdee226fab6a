// The ncurses backend lives here.
