#include "geometry.h"

namespace pdd {
namespace {

struct Tables {
  Neighbours nb[kCells];
  std::vector<BridgeShape> shapes;
  std::vector<int> id_of;  // kCells * kCells, -1 when no bridge
  std::vector<std::vector<int>> crossing;
  std::vector<int> from[kCells];

  Tables() : id_of(kCells * kCells, -1) {
    for (int c = 0; c < kCells; ++c) {
      int x = cell_x(c), y = cell_y(c), no = 0, nr = 0;
      static const int o4[4][2] = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
      for (auto& d : o4)
        if (on_board(x + d[0], y + d[1])) nb[c].orth[no++] = cell_at(x + d[0], y + d[1]);
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
          if ((dx || dy) && on_board(x + dx, y + dy)) nb[c].ring[nr++] = cell_at(x + dx, y + dy);
      nb[c].orth[no] = -1;
      nb[c].ring[nr] = -1;
    }
    // The 8 undirected shapes, each as the offset towards the later cell (row-major).
    static const int fwd[8][2] = {{2, 0}, {-2, 1}, {2, 1}, {-2, 2}, {-1, 2}, {0, 2}, {1, 2}, {2, 2}};
    for (int a = 0; a < kCells; ++a)
      for (auto& d : fwd) {
        int x = cell_x(a), y = cell_y(a), dx = d[0], dy = d[1];
        if (!on_board(x + dx, y + dy)) continue;
        BridgeShape s;
        s.a = a;
        s.b = cell_at(x + dx, y + dy);
        int adx = dx < 0 ? -dx : dx, ady = dy;
        if (adx == 2 && ady == 1) {
          s.body[0] = cell_at(x + dx / 2, y);
          s.body[1] = cell_at(x + dx / 2, y + dy);
          s.body_count = 2;
        } else if (adx == 1 && ady == 2) {
          s.body[0] = cell_at(x, y + dy / 2);
          s.body[1] = cell_at(x + dx, y + dy / 2);
          s.body_count = 2;
        } else {
          s.body[0] = cell_at(x + dx / 2, y + dy / 2);
          s.body[1] = -1;
          s.body_count = 1;
        }
        id_of[s.a * kCells + s.b] = id_of[s.b * kCells + s.a] = static_cast<int>(shapes.size());
        from[s.a].push_back(static_cast<int>(shapes.size()));
        from[s.b].push_back(static_cast<int>(shapes.size()));
        shapes.push_back(s);
      }
    crossing.resize(shapes.size());
    for (size_t i = 0; i < shapes.size(); ++i)
      for (size_t j = i + 1; j < shapes.size(); ++j)
        if (chebyshev(shapes[i].a, shapes[j].a) <= 4 && segments_intersect(shapes[i], shapes[j])) {
          crossing[i].push_back(static_cast<int>(j));
          crossing[j].push_back(static_cast<int>(i));
        }
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

long long orientation(int ax, int ay, int bx, int by, int cx, int cy) {
  long long v = static_cast<long long>(bx - ax) * (cy - ay) - static_cast<long long>(by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

bool on_segment(int ax, int ay, int bx, int by, int px, int py) {
  return (px >= (ax < bx ? ax : bx)) && (px <= (ax > bx ? ax : bx)) && (py >= (ay < by ? ay : by)) &&
         (py <= (ay > by ? ay : by));
}

}  // namespace

std::string cell_name(int c) { return "(" + std::to_string(cell_x(c)) + "," + std::to_string(cell_y(c)) + ")"; }

const Neighbours& neighbours(int c) { return tables().nb[c]; }
const std::vector<BridgeShape>& bridge_shapes() { return tables().shapes; }
int bridge_id(int a, int b) {
  if (a < 0 || b < 0 || a >= kCells || b >= kCells) return -1;
  return tables().id_of[a * kCells + b];
}
const std::vector<int>& bridges_from(int c) { return tables().from[c]; }
const std::vector<int>& crossing_bridges(int id) { return tables().crossing[id]; }

bool segments_intersect(const BridgeShape& p, const BridgeShape& q) {
  int ax = cell_x(p.a), ay = cell_y(p.a), bx = cell_x(p.b), by = cell_y(p.b);
  int cx = cell_x(q.a), cy = cell_y(q.a), dx = cell_x(q.b), dy = cell_y(q.b);
  long long o1 = orientation(ax, ay, bx, by, cx, cy), o2 = orientation(ax, ay, bx, by, dx, dy);
  long long o3 = orientation(cx, cy, dx, dy, ax, ay), o4 = orientation(cx, cy, dx, dy, bx, by);
  if (o1 * o2 < 0 && o3 * o4 < 0) return true;  // proper crossing
  if (o1 == 0 && on_segment(ax, ay, bx, by, cx, cy)) return true;
  if (o2 == 0 && on_segment(ax, ay, bx, by, dx, dy)) return true;
  if (o3 == 0 && on_segment(cx, cy, dx, dy, ax, ay)) return true;
  if (o4 == 0 && on_segment(cx, cy, dx, dy, bx, by)) return true;
  return false;
}

}  // namespace pdd
