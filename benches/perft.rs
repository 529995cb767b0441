//! Perft speed: fixed positions and depths, single thread, leaves counted
//! in bulk. `cargo bench` reports the time per run; nodes/s = nodes / time.

use criterion::{Criterion, criterion_group, criterion_main};
use motley::rules::{AnyPosition, Variant};

fn perft_benches(c: &mut Criterion) {
    let cases = [
        (Variant::Chess, None, 5, "chess startpos perft 5"),
        (
            Variant::Chess,
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            4,
            "chess kiwipete perft 4",
        ),
        (
            Variant::WadChess,
            Some("rcnbqkbncr/pppppppppp/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w - - 0 1"),
            4,
            "wadchess startpos (no castling) perft 4",
        ),
        (
            Variant::ParityChess,
            Some("rcnbfqkfbncr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RCNBFQKFBNCR w - - 0 1"),
            4,
            "paritychess startpos (no castling) perft 4",
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, fen, depth, name) in cases {
        let pos = match fen {
            Some(f) => AnyPosition::from_fen(variant, f).expect("valid FEN"),
            None => AnyPosition::startpos(variant),
        };
        group.bench_function(name, |b| b.iter(|| pos.perft(depth)));
    }
    group.finish();
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
