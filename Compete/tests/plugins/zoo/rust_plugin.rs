// Zoo habit: a plugin in Rust, a cdylib built by plain rustc (no cargo, no
// crates). Point is #[repr(C)] {x: i32, y: i32}, boxed by getPoint and
// unboxed by clearPoint. The move is zoo_move.h's: win, else block, else the
// first open column centre-first.
#![allow(non_snake_case)]

#[repr(C)]
pub struct Point {
    x: i32,
    y: i32,
}

fn order_column(n: i32, i: i32) -> i32 {
    let half = (i + 1) / 2;
    if i % 2 == 1 { n / 2 - half } else { n / 2 + half }
}

fn stone(m: i32, n: i32, board: &[i32], x: i32, y: i32) -> i32 {
    if x < 0 || x >= m || y < 0 || y >= n {
        return -1;
    }
    board[(x * n + y) as usize]
}

fn completes_four(m: i32, n: i32, board: &[i32], x: i32, y: i32, who: i32) -> bool {
    const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];
    DIRS.iter().any(|&(dx, dy)| {
        let mut run = 1;
        let mut k = 1;
        while k < 4 && stone(m, n, board, x + k * dx, y + k * dy) == who {
            run += 1;
            k += 1;
        }
        k = 1;
        while k < 4 && stone(m, n, board, x - k * dx, y - k * dy) == who {
            run += 1;
            k += 1;
        }
        run >= 4
    })
}

fn choose(m: i32, n: i32, top: &[i32], board: &[i32]) -> Option<(i32, i32)> {
    let order: Vec<i32> = (0..n).map(|i| order_column(n, i)).collect();
    for who in [2, 1] {
        for &y in &order {
            let t = top[y as usize];
            if t > 0 && completes_four(m, n, board, t - 1, y, who) {
                return Some((t - 1, y));
            }
        }
    }
    order.iter().find(|&&y| top[y as usize] > 0).map(|&y| (top[y as usize] - 1, y))
}

#[no_mangle]
pub extern "C" fn getPoint(
    m: i32,
    n: i32,
    top: *const i32,
    board: *const i32,
    _last_x: i32,
    _last_y: i32,
    _no_x: i32,
    _no_y: i32,
) -> *mut Point {
    if top.is_null() || board.is_null() || m <= 0 || n <= 0 {
        return std::ptr::null_mut();
    }
    let top = unsafe { std::slice::from_raw_parts(top, n as usize) };
    let board = unsafe { std::slice::from_raw_parts(board, (m * n) as usize) };
    let (x, y) = choose(m, n, top, board).unwrap_or((0, 0));
    Box::into_raw(Box::new(Point { x, y }))
}

#[no_mangle]
pub extern "C" fn clearPoint(p: *mut Point) {
    if !p.is_null() {
        drop(unsafe { Box::from_raw(p) });
    }
}
