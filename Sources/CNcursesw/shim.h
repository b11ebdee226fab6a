#ifndef SWITCHYARD_CNCURSESW_SHIM_H
#define SWITCHYARD_CNCURSESW_SHIM_H
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <curses.h>
#endif
