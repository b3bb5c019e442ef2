// The OJ's text protocol, as the judge speaks it to a program: the request
// for a move ("M N noX noY" once, then "lastX lastY", the top row and the
// board as the side sees it) and the reading of the reply (a 4-byte
// big-endian length, then the text "x y"), with what broke it in words.
#pragma once
#include <cstddef>
#include <string>

#include "board.h"

namespace c4 {

// The text the OJ sends for a move of `me`; `first` adds the board's line "M N noX noY".
std::string oj_request(const Board& board, Side me, int lastX, int lastY, bool first);

// The reply to one move read from the first bytes of a program's stdout. kOk
// with *x, *y and *used, the reply's length in bytes (what follows it belongs
// to the next move); kIncomplete when more bytes are needed; kBroken with
// *problem, which shows the first bytes and what they broke ("stdout: 11
// bytes 'best=3 v=0.' before the reply, read as its length header").
enum class OjReply { kOk, kIncomplete, kBroken };
OjReply parse_oj_reply(const std::string& bytes, int* x, int* y, size_t* used, std::string* problem);

}  // namespace c4
