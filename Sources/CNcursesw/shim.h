#ifndef SWITCHYARD_CNCURSESW_SHIM_H
#define SWITCHYARD_CNCURSESW_SHIM_H
/* Wide-character ncurses for Swift. The package does not read pkg-config (SwiftPM refuses its -D
 * flags with a warning), so ask for the wide API here. Only SwitchyardCurses imports this module.
 * The wrappers below expose what Swift cannot import directly: C globals that are not
 * concurrency-safe (stdscr, stdin/stdout), function-like or cast macros (A_*, KEY_F, mouse masks)
 * and nl_langinfo's CODESET. */
#define NCURSES_WIDECHAR 1
#if defined(__has_include) && !__has_include(<curses.h>)
#error "Switchyard needs the wide-character ncurses headers: apt-get install libncursesw5-dev"
#endif
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <curses.h>

/* The standard screen of the current terminal. */
static inline WINDOW *sy_stdscr(void) { return stdscr; }

/* newterm on the process's stdout and stdin; NULL for an unknown TERM (never exits). */
static inline SCREEN *sy_newterm(const char *term) { return newterm(term, stdout, stdin); }

/* The size of a window. */
static inline int sy_maxy(const WINDOW *win) { return getmaxy(win); }
static inline int sy_maxx(const WINDOW *win) { return getmaxx(win); }

/* glibc declares wcwidth only for _XOPEN_SOURCE, which a module header cannot switch on for the
 * system headers; declare it here (same signature). */
extern int wcwidth(wchar_t c);
static inline int sy_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/* The character encoding of the current C locale, e.g. "UTF-8" or "ANSI_X3.4-1968". */
static inline const char *sy_codeset(void) { return nl_langinfo(CODESET); }

/* Text attributes for setcchar. */
static inline attr_t sy_attributes(int bold, int reverse, int dim, int underline) {
    attr_t attributes = A_NORMAL;
    if (bold) attributes |= A_BOLD;
    if (reverse) attributes |= A_REVERSE;
    if (dim) attributes |= A_DIM;
    if (underline) attributes |= A_UNDERLINE;
    return attributes;
}

/* KEY_F(n). */
static inline int sy_key_f(int n) { return KEY_F(n); }

/* Mouse event masks. */
static inline mmask_t sy_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t sy_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t sy_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t sy_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t sy_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t sy_button5_pressed(void) { return BUTTON5_PRESSED; }

/* The number of colours the terminal supports (the COLORS global). */
static inline int sy_colors(void) { return COLORS; }

#endif
