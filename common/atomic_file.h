// Result files that are never half-written: the new content goes to a temporary
// file beside the target and replaces it with rename(2), so a reader (or an
// interrupted judge) sees either the old file or the new one, never a mix.
#pragma once
#include <mutex>
#include <string>

namespace judge {

// Replaces `path` by `content`. On failure returns false and sets *error to a
// message naming the path and the system's reason; the old file is untouched.
bool write_file_atomically(const std::string& path, const std::string& content, std::string* error);

// Appends one line (a '\n' is added) to `path` with a single write(2) on an
// O_APPEND descriptor, so concurrent appends never interleave within a line.
bool append_line(const std::string& path, const std::string& line, std::string* error);

// One finished game's results: replaces `path` by `content` and, when
// `record_path` is not empty, appends `record_line` to it, both while holding
// results_mutex(). On failure returns false with *error naming the file.
bool write_game_results(const std::string& path, const std::string& content, const std::string& record_path,
                        const std::string& record_line, std::string* error);

// Held by write_game_results and by the signal handler (interrupt.h) before the
// process dies, so an interrupted judge never leaves a game's result file
// updated and its record not.
std::mutex& results_mutex();

// Removes the temporary files that write_file_atomically(path, ...) left
// beside `path` when its process was killed mid-write (path.tmp.<pid>.<n>,
// with no such process alive). For a judge that resumes after kill -9.
void remove_stale_temporaries(const std::string& path);

// The whole of `path` (a record read back, say) into *text. On failure returns
// false with *error the system's reason ("No such file or directory"), errno
// left as the failed open set it.
bool read_whole_file(const std::string& path, std::string* text, std::string* error);

// True if a file can be created or replaced at `path` (its folder exists and is writable).
bool path_is_writable(const std::string& path, std::string* error);

}  // namespace judge
