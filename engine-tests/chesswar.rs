//! ChessWar (`rules/chesswar.md`): one test per rule, each a small position
//! with the dice fixed by a script of `dN` tokens and the exact outcome
//! worked out by hand from the rules file; then property tests over
//! thousands of seeded random games.
//!
//! Positions are written as a list of units, `<letter><square>[(marks)]`
//! (upper case White, lower case Black, marks as in the state string),
//! turned into a state string by [`pos`].

use motley::chesswar::{
    Army, DecisionKind, GameOptions, Outcome, Phase, Race, Side, Slot, Square, State, ToAct,
};

// ---------------------------------------------------------------------------
// Positions and checks.
// ---------------------------------------------------------------------------

/// The board field of a state string from a list of units.
fn board(units: &str) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 8]; 8];
    for w in units.split_whitespace() {
        // `<letter><square>[(marks)]` or `<letter>(marks)<square>`.
        let letter = &w[..1];
        let (sq, marks) = match w[1..].strip_prefix('(') {
            Some(rest) => {
                let close = rest.find(')').expect("a ')'");
                (&rest[close + 1..], &w[1..close + 3])
            }
            None => (&w[1..3], &w[3..]),
        };
        let sq: Square = sq.parse().expect("a square");
        grid[sq.rank() as usize][sq.file() as usize] = Some(format!("{letter}{marks}"));
    }
    let mut ranks = Vec::new();
    for row in grid.iter().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for cell in row {
            match cell {
                None => empty += 1,
                Some(u) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(u);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        ranks.push(s);
    }
    ranks.join("/")
}

/// A state: the units, the races (`human/orc`) and the rest of the state
/// string after the races (side, phase, round, quiet, marks, regen,
/// options, pending, result).
fn pos(units: &str, races: &str, rest: &str) -> State {
    let text = format!("{} {races} {rest}", board(units));
    text.parse()
        .unwrap_or_else(|e| panic!("state '{text}' rejected: {e}"))
}

/// White to act in the given phase of round 1, standard game, phase open.
fn white(units: &str, races: &str, phase: &str) -> State {
    pos(units, races, &format!("w {phase} 1 0 o - std - -"))
}

/// Black to act in the given phase of round 1, standard game, phase open.
fn black(units: &str, races: &str, phase: &str) -> State {
    pos(units, races, &format!("b {phase} 1 0 o - std - -"))
}

fn play(st: &mut State, tokens: &str) {
    for t in tokens.split_whitespace() {
        let before = st.to_string();
        st.apply(t)
            .unwrap_or_else(|e| panic!("'{t}' refused in '{before}': {e}"));
        let text = st.to_string();
        let back: State = text.parse().unwrap_or_else(|e| panic!("'{text}': {e}"));
        assert_eq!(back.to_string(), text, "state string round trip");
    }
}

fn refuse(st: &State, token: &str) {
    let mut copy = st.clone();
    assert!(
        copy.apply(token).is_err(),
        "'{token}' accepted in '{st}' (legal: {:?})",
        st.legal_tokens()
    );
    assert_eq!(&copy, st, "a refused token changed the state");
}

fn has(st: &State, token: &str) -> bool {
    st.legal_tokens().iter().any(|t| t == token)
}

fn sq(s: &str) -> Square {
    s.parse().expect("a square")
}

/// The letter (with marks) on a square, `.` when empty.
fn at(st: &State, s: &str) -> String {
    match st.unit_at(sq(s)) {
        None => ".".into(),
        Some(u) => {
            let m = u.flags;
            let mut t = u.letter().to_string();
            if m.scared {
                t.push('s');
            }
            if m.frightened {
                t.push('t');
            }
            t
        }
    }
}

fn is_roll(st: &State) -> bool {
    matches!(st.to_act(), ToAct::Roll { .. })
}

fn decision(st: &State) -> (Side, DecisionKind) {
    match st.to_act() {
        ToAct::Decision { side, kind } => (side, kind),
        other => panic!("expected a decision in '{st}', got {other:?}"),
    }
}

fn pending(st: &State) -> String {
    st.to_string()
        .split(' ')
        .nth(9)
        .expect("ten fields")
        .to_string()
}

fn moves_of(st: &State, from: &str) -> Vec<String> {
    let prefix = format!("m:{from}");
    let mut v: Vec<String> = st
        .legal_tokens()
        .into_iter()
        .filter(|t| t.starts_with(&prefix))
        .map(|t| t[4..].to_string())
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------
// Armies and set-up.
// ---------------------------------------------------------------------------

#[test]
fn standard_army_is_one_chess_set_on_the_start_squares() {
    let st = State::standard(Race::Human, Race::Orc);
    assert_eq!(
        st.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR human/orc w movement 1 0 - - std - -"
    );
    assert_eq!(
        st.to_act(),
        ToAct::Decision {
            side: Side::White,
            kind: DecisionKind::Action
        }
    );
    assert_eq!(
        (st.round(), st.phase(), st.side_to_move()),
        (1, Phase::Movement, Side::White)
    );
    assert_eq!(
        (st.race(Side::White), st.race(Side::Black)),
        (Race::Human, Race::Orc)
    );
    // 1 General 5 + 1 Wizard 6 + 2 Catapults 3 + 2 Archers 2 + 2 Knights 4 + 8 Infantry 2.
    assert_eq!(st.material(Side::White), 5 + 6 + 6 + 4 + 8 + 16);
    // Orcs: Warlord 5, Shaman 6, Trolls 2x5, Archers 2x3, Wolf Riders 2x3, Boyz 8x2.
    assert_eq!(st.material(Side::Black), 5 + 6 + 10 + 6 + 6 + 16);
    assert_eq!(st.units().len(), 32);
}

#[test]
fn standard_dwarf_army_has_no_knights() {
    let st = State::standard(Race::Dwarf, Race::Chaos);
    assert_eq!(
        st.to_string(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R dwarf/chaos w movement 1 0 - - std - -"
    );
    let army = Army::standard(Race::Dwarf, Side::White);
    assert_eq!(army.units.len(), 14);
    assert_eq!(
        army.to_string(),
        "Ra1 Bc1 Qd1 Ke1 Bf1 Rh1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2"
    );
    for race in Race::ALL {
        for side in [Side::White, Side::Black] {
            Army::standard(race, side)
                .validate(&GameOptions::default())
                .unwrap_or_else(|e| panic!("standard {race} army: {e}"));
        }
    }
}

#[test]
fn unit_profiles_follow_the_army_table() {
    let st = State::standard(Race::Orc, Race::Undead);
    let wolf = st.unit_at(sq("b1")).expect("a unit");
    assert_eq!(
        (wolf.name(), wolf.letter(), wolf.points()),
        ("Wolf Riders", 'N', 3)
    );
    let p = wolf.profile();
    assert_eq!((p.moves, p.save, p.melee), (4, 4, -1));
    assert!(p.has(motley::chesswar::Ability::Charge));
    let liche = st.unit_at(sq("e8")).expect("a unit");
    assert_eq!(
        (liche.name(), liche.letter(), liche.points()),
        ("Liche", 'k', 11)
    );
    let troll = st.unit_at(sq("a1")).expect("a unit");
    assert_eq!(troll.name(), "Trolls");
    assert!(troll.profile().has(motley::chesswar::Ability::Stupid));
    assert!(troll.profile().has(motley::chesswar::Ability::Regenerate));
    let names: Vec<&str> = Slot::ALL
        .iter()
        .map(|&s| motley::chesswar::profile(Race::Chaos, s).name)
        .collect();
    assert_eq!(
        names,
        [
            "Chaos Lord",
            "Sorcerer",
            "Giants",
            "Thug Bowmen",
            "Chaos Knights",
            "Beastmen"
        ]
    );
    assert_eq!("ELF".parse::<Race>(), Ok(Race::Elf));
    assert_eq!(Race::Undead.to_string(), "undead");
    assert!("goblin".parse::<Race>().is_err());
    assert_eq!(!Side::White, Side::Black);
    assert_eq!(Side::Black.to_string(), "black");
    assert_eq!(sq("h8"), Square(63));
    assert_eq!(Square(28).to_string(), "e4");
}

#[test]
fn army_validation_reports_every_violation() {
    let opts = GameOptions::default();
    let ok = Army::parse(Race::Human, Side::White, "Ke1 Pa2 Pb2 Pc2 Pd2").expect("parses");
    assert_eq!(ok.validate(&opts), Ok(()));
    assert_eq!(ok.points(), 5 + 4 * 2);

    let two_generals = Army::parse(Race::Human, Side::White, "Ke1 Kd1 Pa2 Pb2 Pc2 Pd2").unwrap();
    let e = two_generals.validate(&opts).unwrap_err().to_string();
    assert!(e.contains("2 generals"), "{e}");

    let few = Army::parse(Race::Human, Side::White, "Ke1 Pa2 Pb2 Pc2").unwrap();
    let e = few.validate(&opts).unwrap_err().to_string();
    assert!(e.contains("3 infantry") && e.contains("at least 4"), "{e}");

    let wizards = Army::parse(Race::Dwarf, Side::White, "Ke1 Qd1 Qc1 Pa2 Pb2 Pc2 Pd2").unwrap();
    let e = wizards.validate(&opts).unwrap_err().to_string();
    assert!(e.contains("2 Rune Lord") && e.contains("at most 1"), "{e}");

    let knights = Army::parse(Race::Dwarf, Side::White, "Ke1 Nb1 Pa2 Pb2 Pc2 Pd2").unwrap();
    let e = knights.validate(&opts).unwrap_err().to_string();
    assert!(e.contains("slot N") && e.contains("none"), "{e}");

    let ranks = Army::parse(Race::Orc, Side::Black, "ke8 pa7 pb7 pc7 pd3").unwrap();
    let e = ranks.validate(&opts).unwrap_err().to_string();
    assert!(e.contains("Pd3") && e.contains("ranks 7-8"), "{e}");

    let twice = Army::parse(Race::Orc, Side::Black, "ke8 pa7 pb7 pc7 pc7").unwrap();
    let e = twice.validate(&opts).unwrap_err().to_string();
    assert!(e.contains("two units on c7"), "{e}");

    let budget = GameOptions {
        budget: Some(12),
        lengthened: false,
    };
    let e = ok.validate(&budget).unwrap_err().to_string();
    assert!(e.contains("13 points") && e.contains("budget of 12"), "{e}");

    // Several violations at once, one message each.
    let bad = Army::parse(Race::Elf, Side::White, "Pa2 Pb2 Pc3").unwrap();
    let e = bad.validate(&opts).unwrap_err().to_string();
    assert!(
        e.contains("0 generals") && e.contains("3 infantry") && e.contains("Pc3"),
        "{e}"
    );

    assert!(Army::parse(Race::Elf, Side::White, "Ke1 Xa2").is_err());
    assert!(Army::parse(Race::Elf, Side::White, "Ke9").is_err());
}

#[test]
fn custom_armies_start_a_game() {
    let w = Army::parse(Race::Elf, Side::White, "Kd1 Qe2 Pa1 Pb1 Pc1 Ph2").unwrap();
    let b = Army::parse(Race::Chaos, Side::Black, "kd8 pa7 pb7 pc7 ph8").unwrap();
    let st = State::from_armies(
        &w,
        &b,
        &GameOptions {
            budget: Some(30),
            lengthened: true,
        },
    )
    .expect("valid armies");
    assert_eq!(
        st.to_string(),
        "3k3p/ppp5/8/8/8/8/4Q2P/PPPK4 elf/chaos w movement 1 0 - - long:30 - -"
    );
    assert!(State::from_armies(&b, &w, &GameOptions::default()).is_err());
    let poor = GameOptions {
        budget: Some(20),
        lengthened: false,
    };
    assert!(
        State::from_armies(&w, &b, &poor)
            .unwrap_err()
            .to_string()
            .contains("budget")
    );
}

// ---------------------------------------------------------------------------
// The state string and the tokens.
// ---------------------------------------------------------------------------

#[test]
fn state_string_reads_back_and_rejects_malformed_input() {
    let text = "4k3/8/8/3p(s)4/3P(mc)4/8/8/4K3 orc/chaos b firing 12 3 koaW e5R std:40 \
                save(d5,-1,kill);spill(-1,d4) -";
    let st: State = text.parse().expect("reads");
    // d5 is not touching a fear-causing enemy, so it cannot stay scared.
    assert!(
        st.to_string()
            .starts_with("4k3/8/8/3p4/3P(mc)4/8/8/4K3 orc/chaos b firing 12 3 koaW e5R std:40")
    );
    let again: State = st.to_string().parse().unwrap();
    assert_eq!(again, st);
    for bad in [
        "",
        "8/8/8/8/8/8/8 human/human w movement 1 0 - - std - -",
        "9/8/8/8/8/8/8/8 human/human w movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/7X human/human w movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/7K(z) human/human w movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/7K(cm) human/human w movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/7K( human/human w movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/8 human/gnome w movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/8 human/human x movement 1 0 - - std - -",
        "8/8/8/8/8/8/8/8 human/human w dancing 1 0 - - std - -",
        "8/8/8/8/8/8/8/8 human/human w movement 0 0 - - std - -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 -1 - - std - -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 ak - std - -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - e4Q std - -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - short - -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - std save(e4) -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - std bogus -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - std hit(e4,3,0,x) -",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - std - white:luck",
        "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - std - - extra",
    ] {
        let r: Result<State, _> = bad.parse();
        let e = r.expect_err(bad).to_string();
        assert!(!e.is_empty() && !e.contains('\n'), "{bad}: {e}");
    }
}

/// Reads a state string that must be refused; returns the message.
fn refused_state(text: &str) -> String {
    match text.parse::<State>() {
        Ok(st) => panic!("'{text}' was accepted as '{st}'"),
        Err(e) => {
            let e = e.to_string();
            assert!(!e.is_empty() && !e.contains('\n'), "{text}: {e}");
            e
        }
    }
}

#[test]
fn state_strings_no_game_reaches_are_rejected() {
    let kings = "4k3/8/8/8/8/8/8/4K3";
    for (text, words) in [
        (
            "8/8/8/8/8/8/8/8 human/human w movement 1 0 - - std - -".to_string(),
            &["white has no general", "black has no general"][..],
        ),
        (
            "kkkkkkkk/kkkkkkkk/8/8/8/8/KKKKKKKK/KKKKKKKK human/human w movement 1 0 - - std - -"
                .to_string(),
            &["16 General (slot K), at most 1"],
        ),
        (
            "4k3/8/8/8/8/8/8/3KK3 human/human w movement 1 0 - - std - -".to_string(),
            &["white human army", "2 General"],
        ),
        (
            "4k3/8/8/8/8/8/8/QQQ1K3 human/human w movement 1 0 - - std - -".to_string(),
            &["3 Wizard", "at most 2"],
        ),
        (
            "4k3/8/8/8/8/8/8/1N2K3 dwarf/human w movement 1 0 - - std - -".to_string(),
            &["white dwarf army", "slot N", "does not have"],
        ),
        (
            "4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/PPPPK3 human/human w movement 1 0 - - std - -"
                .to_string(),
            &["21 units", "16"],
        ),
        (
            format!("{kings} human/human w movement 4294967295 0 - - std - -"),
            &["round 4294967295", "100"],
        ),
        (
            format!("{kings} human/human w movement 101 0 - - std - -"),
            &["round 101"],
        ),
        (
            format!("{kings} human/human w movement 50 4294967295 - - std - -"),
            &["quiet-round count 4294967295", "at most 9"],
        ),
        (
            format!("{kings} human/human w movement 50 10 - - std - -"),
            &["quiet-round count 10", "at most 9"],
        ),
        (
            format!("{kings} human/human w movement 30 4 - - std - draw:quiet"),
            &["exactly 10"],
        ),
        (
            format!("{kings} human/human w movement 30 4 - - std - draw:rounds"),
            &["round 100"],
        ),
        (
            "4k3/8/8/8/8/8/8/8 human/human w movement 1 0 - - std - -".to_string(),
            &["white has no general"],
        ),
        (
            format!("{kings} human/human w movement 3 0 - - std - white:destruction"),
            &["lengthened"],
        ),
        (
            "8/8/8/8/8/8/8/4K3 human/human w movement 3 0 - - long - -".to_string(),
            &["black has no units"],
        ),
    ] {
        let e = refused_state(&text);
        for word in words {
            assert!(e.contains(word), "'{text}': '{e}' should say '{word}'");
        }
    }
}

#[test]
fn state_strings_every_game_can_reach_are_accepted() {
    let kings = "4k3/8/8/8/8/8/8/4K3";
    for text in [
        // Units die: a lone general each.
        format!("{kings} human/human w movement 1 0 - - std - -"),
        // The standard game ends with the loser's general gone.
        "8/8/8/8/8/8/8/4K3 human/human w melee 7 0 k - std - white:general".to_string(),
        // The lengthened game goes on without generals.
        "8/8/8/8/8/8/p7/P7 human/orc w movement 7 0 - - long - -".to_string(),
        // Both draws, at their bounds.
        format!("{kings} human/human w movement 10 10 - - std - draw:quiet"),
        format!("{kings} human/human w movement 100 9 - - std - draw:rounds"),
        format!("{kings} human/human b after 100 9 - - std - -"),
        // Undead grow by raising the dead: 20 Zombies.
        "4k3/8/8/8/8/PPPPPPPP/PPPPPPPP/PPPPK3 undead/human w movement 9 0 - - std - -".to_string(),
        // A Troll waiting to regenerate still counts as one of four.
        "4k3/8/8/8/8/8/8/RRR1K2R orc/human w melee 2 0 k - std - -".to_string(),
    ] {
        let st: State = text
            .parse()
            .unwrap_or_else(|e| panic!("'{text}' rejected: {e}"));
        assert_eq!(st.to_string().parse::<State>().as_ref(), Ok(&st), "{text}");
    }
    // Five Trolls, one of them waiting to regenerate, is one too many.
    let e = refused_state("4k3/8/8/8/8/8/8/RRR1K2R orc/human w melee 2 0 k e4R std - -");
    assert!(e.contains("5 Trolls"), "{e}");
}

#[test]
fn tokens_have_one_canonical_spelling() {
    use motley::chesswar::{Spell, Token};
    let cases = [
        ("m:e2e4", "m:e2e4"),
        ("F:B1E5", "f:b1e5"),
        ("a:d4d5", "a:d4d5"),
        ("s:zap:d1e5", "s:zap:d1e5"),
        ("s:Zap!:d1:e5", "s:zap:d1e5"),
        ("s:storm:d1e5", "s:storm:d1e5"),
        ("s:dispel:d8", "s:dispel:d8"),
        ("s:fear:d1", "s:fear:d1"),
        ("s:flight:d1e2e6", "s:flight:d1e2e6"),
        ("s:raise-dead:d8e5", "s:raisedead:d8e5"),
        ("pick:e5", "pick:e5"),
        ("adv:d4d5", "adv:d4d5"),
        ("noadv", "noadv"),
        ("end", "end"),
        ("pass", "pass"),
        ("d6", "d6"),
    ];
    for (text, canonical) in cases {
        let t: Token = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.to_string(), canonical);
    }
    assert_eq!(
        "s:healing:d1e2".parse::<Token>(),
        Ok(Token::Cast {
            spell: Spell::Healing,
            caster: sq("d1"),
            target: Some(sq("e2")),
            dest: None
        })
    );
    for bad in [
        "d0",
        "d7",
        "m:e2",
        "m:e2e4e6",
        "s:zap:d1",
        "s:fear:d1e2",
        "s:nuke:d1e2",
        "x",
        "pick:z9",
    ] {
        assert!(bad.parse::<Token>().is_err(), "{bad}");
    }
}

// ---------------------------------------------------------------------------
// Movement.
// ---------------------------------------------------------------------------

#[test]
fn movement_is_up_to_move_steps_in_any_direction() {
    let st = white("Ke1 Pd4 ke8", "human/human", "movement");
    assert_eq!(
        moves_of(&st, "d4"),
        sorted(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
    // The General (Move 2) reaches every empty square within two steps.
    assert_eq!(moves_of(&st, "e1").len(), 14);
    let mut st = st;
    play(&mut st, "m:d4d5");
    assert!(moves_of(&st, "d5").is_empty(), "each unit moves once");
    refuse(&st, "m:d5d6");
    refuse(&st, "m:e8e7");
}

#[test]
fn squeeze_rule_no_diagonal_step_between_two_occupied_squares() {
    let st = white("Ke1 Pd4 Pc4 Pd5 ke8", "human/human", "movement");
    let m = moves_of(&st, "d4");
    assert!(!m.contains(&"c5".to_string()), "between c4 and d5: {m:?}");
    assert!(
        m.contains(&"e5".to_string()) && m.contains(&"c3".to_string()),
        "{m:?}"
    );
    // An enemy counts as occupied too.
    let st = white("Ke1 Pd4 Pc4 pd5 ke8", "human/human", "movement");
    assert!(!moves_of(&st, "d4").contains(&"c5".to_string()));
}

#[test]
fn charge_one_step_beyond_move_and_contact_ends_the_move() {
    // Knights, Move 3; an enemy on d4.
    let st = white("Ke1 Nd1 pd4 ke8", "human/human", "movement");
    let m = moves_of(&st, "d1");
    // Four steps are allowed only into contact: round the flank to c5.
    assert!(m.contains(&"c5".to_string()), "{m:?}");
    assert!(m.contains(&"e5".to_string()), "{m:?}");
    // Four steps not ending in contact: no.
    assert!(
        !m.contains(&"a5".to_string()) && !m.contains(&"h4".to_string()),
        "{m:?}"
    );
    // Three steps: anywhere.
    assert!(
        m.contains(&"a4".to_string()) && m.contains(&"g4".to_string()),
        "{m:?}"
    );
    // Behind the enemy needs a step through contact, which ends the move.
    assert!(!m.contains(&"d5".to_string()), "{m:?}");
    let mut st = st;
    play(&mut st, "m:d1c5");
    let n = st.unit_at(sq("c5")).expect("knights moved");
    assert!(n.flags.charged && n.flags.moved);
    // A move that ends out of contact is no charge.
    let mut st = white("Ke1 Nd1 pd6 ke8", "human/human", "movement");
    play(&mut st, "m:d1d3");
    assert!(!st.unit_at(sq("d3")).unwrap().flags.charged);
}

#[test]
fn units_in_melee_and_catapults_do_not_move() {
    let st = white("Ke1 Pd4 pd5 Ra1 ke8", "human/human", "movement");
    assert!(moves_of(&st, "d4").is_empty());
    assert!(moves_of(&st, "a1").is_empty());
    refuse(&st, "m:d4d3");
    refuse(&st, "m:a1a2");
}

#[test]
fn teleport_goes_through_units_and_out_of_melee() {
    // The Liche (Move 2) in melee with e5, hemmed in by its own units.
    let st = black(
        "Ke1 Pe5 Pd7 kd4 pc3 pd3 pe3 pc4 pe4 pc5 pd5",
        "human/undead",
        "movement",
    );
    let m = moves_of(&st, "d4");
    assert!(
        m.contains(&"b2".to_string()) && m.contains(&"f6".to_string()),
        "{m:?}"
    );
    // Three squares away only into contact (a charge): c7 touches d7.
    assert!(
        m.contains(&"c7".to_string()) && !m.contains(&"g4".to_string()),
        "{m:?}"
    );
    assert!(!m.contains(&"a1".to_string()), "{m:?}");
    // Zombies in melee may not walk.
    let st = black("Ke1 Pe5 pd4 ke8", "human/undead", "movement");
    assert!(moves_of(&st, "d4").is_empty());
}

#[test]
fn fear_test_before_charging_a_fear_causing_enemy() {
    // Knights (save 3+) charge the Chaos Lord: a save first.
    let mut st = white("Ke1 Nd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d3d5");
    assert!(is_roll(&st));
    assert_eq!(pending(&st), "save(d3,0,balk);move(d3,d5)");
    play(&mut st, "d3");
    assert_eq!(at(&st, "d5"), "N");
    assert!(st.unit_at(sq("d5")).unwrap().flags.charged);

    // Failed: the knights stay, have used their move, cannot fight...
    let mut st = white("Ke1 Nd3 Bf3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d3d5 d2");
    assert_eq!((at(&st, "d3"), at(&st, "d5")), ("N".into(), ".".into()));
    assert!(st.unit_at(sq("d3")).unwrap().flags.balked);
    assert!(moves_of(&st, "d3").is_empty());
    // ... but may still fire: the balked archers here.
    let mut st = white("Ke1 Bd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d3d5 d1 end");
    assert!(has(&st, "f:d3d6"));

    // Units immune to fear take no test; a move out of contact takes none.
    let mut st = white("Kd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d3d5");
    assert_eq!(at(&st, "d5"), "K");
    let mut st = white("Ke1 Nd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d3d4");
    assert_eq!(at(&st, "d4"), "N");
}

#[test]
fn fear_causing_charge_scares_the_enemies_it_contacts() {
    // The Chaos Lord charges d4: the infantry on d3 saves or is scared;
    // the General on e3 is immune and rolls nothing.
    let mut st = black("Ke3 Pd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d6d4");
    assert_eq!(pending(&st), "save(d3,0,scare)");
    play(&mut st, "d3");
    assert_eq!(at(&st, "d3"), "Ps");
    assert_eq!(at(&st, "e3"), "K");
    // Scared: -1 Melee. White's infantry attacks the Lord next turn: a
    // roll of 4 gives 4 + 0 - 1 - 2 = 1, and the attacker must save...
    let mut st = pos("Ke3 P(s)d3 kd4", "human/chaos", "w melee 1 0 o - std - -");
    play(&mut st, "a:d3d4 d4");
    assert_eq!(pending(&st), "save(d3,0,mkill)");
    // ... where unscared infantry would have had a stand-off (2).
    let mut st = pos("Ke3 Pd3 kd4", "human/chaos", "w melee 1 0 o - std - -");
    play(&mut st, "a:d3d4 d4");
    assert_eq!(pending(&st), "-");
    // Out of contact with every fear-causing enemy, it is no longer scared
    // (an Orc Shaman flies it away: a unit in melee may not walk).
    let mut st = pos(
        "Ke3 Qd1 P(s)d3 kd4",
        "orc/chaos",
        "w movement 1 0 o - std - -",
    );
    play(&mut st, "s:flight:d1d3b3");
    assert_eq!(at(&st, "b3"), "P");
    // A save passed: not scared; already in contact: no new roll.
    let mut st = black("Ke1 Pd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d6d4 d4");
    assert_eq!(at(&st, "d3"), "P");
}

#[test]
fn scared_defender_cannot_destroy_the_attacker() {
    // A Sorcerer (-1) attacks scared dwarf Infantry (+1 - 1): a roll of 1
    // gives 0, "attacker destroyed unless it saves", but it saves
    // automatically.
    let mut st = pos(
        "Ke1 P(s)d4 kc5 qd5",
        "dwarf/chaos",
        "b melee 1 0 o - std - -",
    );
    play(&mut st, "a:d5d4 d1");
    assert_eq!(pending(&st), "-");
    assert_eq!(at(&st, "d5"), "q");
    // Not scared: the Sorcerer must save (3+).
    let mut st = pos("Ke1 Pd4 kc6 qd5", "dwarf/chaos", "b melee 1 0 o - std - -");
    play(&mut st, "a:d5d4 d1");
    assert_eq!(pending(&st), "save(d5,0,mkill)");
    play(&mut st, "d2");
    assert_eq!(at(&st, "d5"), ".");
}

#[test]
fn stupid_trolls_roll_before_moving_or_firing() {
    let mut st = white("Ke1 Rd3 Re3 ke8 pe6", "orc/human", "movement");
    play(&mut st, "m:d3d4");
    assert_eq!(pending(&st), "stupid(d3,m,d4)");
    play(&mut st, "d2");
    assert_eq!(at(&st, "d3"), "R");
    assert!(st.unit_at(sq("d3")).unwrap().flags.stupid);
    assert!(moves_of(&st, "d3").is_empty());
    play(&mut st, "m:e3e4 d3");
    assert_eq!(at(&st, "e4"), "R");
    play(&mut st, "end");
    // The stupid trolls do nothing more this turn; the others fire
    // without a new test.
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("f:d3")));
    play(&mut st, "f:e4e6");
    assert_eq!(pending(&st), "scatter(w,e6,0,0,1,rocks)");
    // Stupid trolls still fight a melee they are in.
    let st = pos("Ke1 R(x)d3 ke8 pd4", "orc/human", "w melee 1 0 o - std - -");
    assert!(has(&st, "a:d3d4"));
}

// ---------------------------------------------------------------------------
// Firing and sight.
// ---------------------------------------------------------------------------

#[test]
fn sight_line_crosses_squares_and_corners() {
    use motley::chesswar::sight::{corner_pairs, crossed, line_clear};
    // a1-c2 passes between b1 and b2 along their shared edge: both block.
    assert_eq!(crossed(sq("a1"), sq("c2")), vec![sq("b1"), sq("b2")]);
    assert!(corner_pairs(sq("a1"), sq("c2")).is_empty());
    // a1-c3 runs through b2 and two corners.
    assert_eq!(crossed(sq("a1"), sq("c3")), vec![sq("b2")]);
    assert_eq!(
        corner_pairs(sq("a1"), sq("c3")),
        vec![(sq("b1"), sq("a2")), (sq("c2"), sq("b3"))]
    );
    // a1-d2 passes the corner between b2 and c1.
    assert_eq!(crossed(sq("a1"), sq("d2")), vec![sq("b1"), sq("c2")]);
    assert_eq!(corner_pairs(sq("a1"), sq("d2")), vec![(sq("c1"), sq("b2"))]);
    // A falling line: a3-c1 through the corners of a2/b3 and b1/c2.
    assert_eq!(crossed(sq("a3"), sq("c1")), vec![sq("b2")]);
    assert_eq!(
        corner_pairs(sq("a3"), sq("c1")),
        vec![(sq("a2"), sq("b3")), (sq("b1"), sq("c2"))]
    );
    let bit = |s: &str| 1u64 << sq(s).0;
    assert!(line_clear(sq("a1"), sq("c3"), bit("a2")));
    assert!(!line_clear(sq("a1"), sq("c3"), bit("a2") | bit("b1")));
    assert!(!line_clear(sq("a1"), sq("c3"), bit("b2")));
    // The end squares never block.
    assert!(line_clear(sq("a1"), sq("c3"), bit("a1") | bit("c3")));
    // Straight lines: the squares between.
    assert_eq!(crossed(sq("a1"), sq("a4")), vec![sq("a2"), sq("a3")]);
}

#[test]
fn sight_blocked_by_a_unit_and_the_corner_rule() {
    // Dwarf crossbows fire directly only.
    let st = white("Ke1 Ba1 pc3 ke8", "dwarf/human", "firing");
    assert!(has(&st, "f:a1c3"));
    // One square at the corner occupied: still seen.
    let st = white("Ke1 Ba1 Pb1 pc3 ke8", "dwarf/human", "firing");
    assert!(has(&st, "f:a1c3"));
    // Both squares at the corner occupied: blocked.
    let st = white("Ke1 Ba1 Pb1 Pa2 pc3 ke8", "dwarf/human", "firing");
    assert!(!has(&st, "f:a1c3"));
    refuse(&st, "f:a1c3");
    // A unit (of either side) on a square the line crosses blocks it.
    let st = white("Ke1 Ba1 pb2 pc3 ke8", "dwarf/human", "firing");
    assert!(!has(&st, "f:a1c3"));
}

#[test]
fn bows_hit_on_3_and_a_natural_1_always_misses() {
    // Human archers on d2 at infantry on d5: range 3.
    let mut st = white("Ke1 Bd2 pd5 ke8", "human/human", "firing");
    play(&mut st, "f:d2d5");
    assert_eq!(pending(&st), "hit(d5,3,0,s)");
    play(&mut st, "d2");
    assert_eq!((pending(&st), at(&st, "d5")), ("-".into(), "p".into()));
    let mut st = white("Ke1 Bd2 pd5 ke8", "human/human", "firing");
    play(&mut st, "f:d2d5 d3");
    assert_eq!(pending(&st), "save(d5,0,kill)");
    play(&mut st, "d3");
    assert_eq!(at(&st, "d5"), ".");
    // Each unit fires once.
    refuse(&st, "f:d2e8");
    // Long bows hit on 2+, but a natural 1 still misses.
    let mut st = white("Ke1 Bd2 pd5 ke8", "elf/human", "firing");
    play(&mut st, "f:d2d5");
    assert_eq!(pending(&st), "hit(d5,2,0,s)");
    play(&mut st, "d1");
    assert_eq!(pending(&st), "-");
    // Undead bows at -1 to hit: 4+.
    let mut st = white("Ke1 Bd2 pd5 ke8", "undead/human", "firing");
    play(&mut st, "f:d2d5 d3");
    assert_eq!(pending(&st), "-");
}

#[test]
fn weapon_ranges_are_counted_in_king_steps() {
    // Bows: 4. Long bows: 5.
    let st = white("Ke1 Ba1 pe5 pf1 kh8", "human/human", "firing");
    assert!(has(&st, "f:a1e5"), "four diagonal steps");
    assert!(!has(&st, "f:a1f1"), "five steps");
    let st = white("Ke1 Ba1 pf6 pf1 kh8", "elf/human", "firing");
    assert!(has(&st, "f:a1f6") && has(&st, "f:a1f1"));
    let st = white("Ke1 Ba1 pg7 kh8", "elf/human", "firing");
    assert!(!has(&st, "f:a1g7"));
}

#[test]
fn indirect_fire_needs_a_friendly_unit_that_sees_the_target() {
    // a3 blocks the archers' line to a4, and b3 the General's; the
    // infantry on c4 sees a4.
    let st = white("Kd1 Ba1 Pc4 pa3 pb3 pa4 kh8", "human/human", "firing");
    assert!(has(&st, "f:a1a4"));
    // Without the spotter, no shot.
    let st = white("Kd1 Ba1 pa3 pb3 pa4 kh8", "human/human", "firing");
    assert!(!has(&st, "f:a1a4"));
    refuse(&st, "f:a1a4");
    // Crossbows never fire indirectly.
    let st = white("Kd1 Ba1 Pc4 pa3 pb3 pa4 kh8", "dwarf/human", "firing");
    assert!(!has(&st, "f:a1a4"));
}

#[test]
fn crossbows_not_after_moving_and_save_at_minus_1() {
    let st = white("Ke1 B(m)a1 pa4 kh8", "dwarf/human", "firing");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("f:a1")));
    // The Warlord has crossbows too.
    let st = white("Kd1 Ba1 pa4 pd4 kh8", "dwarf/human", "firing");
    assert!(has(&st, "f:d1d4"));
    // Hit, then infantry (4+) saves at -1: a 4 fails, a 5 holds.
    let mut st = white("Ke1 Ba1 pa4 kh8", "dwarf/human", "firing");
    play(&mut st, "f:a1a4");
    assert_eq!(pending(&st), "hit(a4,3,-1,s)");
    play(&mut st, "d3 d4");
    assert_eq!(at(&st, "a4"), ".");
    let mut st = white("Ke1 Ba1 pa4 kh8", "dwarf/human", "firing");
    play(&mut st, "f:a1a4 d3 d5");
    assert_eq!(at(&st, "a4"), "p");
}

#[test]
fn units_in_melee_do_not_fire() {
    let st = white("Ke1 Bd2 pd3 pd5 kh8", "human/human", "firing");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("f:d2")));
}

#[test]
fn saves_natural_1_fails_and_natural_6_succeeds() {
    // Treemen save on 1+, yet a natural 1 fails.
    let mut st = white("Ke1 Ba1 ra4 kh8", "human/elf", "firing");
    play(&mut st, "f:a1a4 d3");
    assert_eq!(pending(&st), "save(a4,0,kill)");
    play(&mut st, "d1");
    assert_eq!(at(&st, "a4"), ".");
    // Undead Archers need 6+ and crossbows give -1, yet a natural 6 holds.
    let mut st = white("Ke1 Ba1 ba4 kh8", "dwarf/undead", "firing");
    play(&mut st, "f:a1a4 d3 d6");
    assert_eq!(at(&st, "a4"), "b");
    // A 5 with -1 fails.
    let mut st = white("Ke1 Ba1 ba4 kh8", "dwarf/undead", "firing");
    play(&mut st, "f:a1a4 d3 d5");
    assert_eq!(at(&st, "a4"), ".");
}

#[test]
fn shooting_into_melee_spills_onto_a_random_opponent() {
    // The infantry on d4 fights White's d3 and e3. Hit, save, then 1-3
    // hits one of them too: the d6 counts through d3, e3 in turn.
    let mut st = white("Ke1 Ba1 Pd3 Pe3 pd4 kh8", "human/human", "firing");
    play(&mut st, "f:a1d4 d3");
    assert_eq!(pending(&st), "save(d4,0,kill);spill(0,d3,e3)");
    play(&mut st, "d1");
    assert_eq!(at(&st, "d4"), ".");
    assert_eq!(pending(&st), "spill(0,d3,e3)");
    play(&mut st, "d3");
    assert_eq!(pending(&st), "spillpick(0,d3,e3)");
    play(&mut st, "d2");
    assert_eq!(pending(&st), "save(e3,0,kill)");
    play(&mut st, "d1");
    assert_eq!((at(&st, "d3"), at(&st, "e3")), ("P".into(), ".".into()));
    // A missed save is not needed: the spill comes after any save; 4-6
    // spares the opponents.
    let mut st = white("Ke1 Ba1 Pd3 pd4 kh8", "human/human", "firing");
    play(&mut st, "f:a1d4 d3 d6 d4");
    assert_eq!(
        (pending(&st), at(&st, "d3"), at(&st, "d4")),
        ("-".into(), "P".into(), "p".into())
    );
    // One opponent: no second roll.
    let mut st = white("Ke1 Ba1 Pd3 pd4 kh8", "human/human", "firing");
    play(&mut st, "f:a1d4 d3 d6 d1");
    assert_eq!(pending(&st), "save(d3,0,kill)");
}

/// White's catapult on a1 aims at e5 (which it sees); the scatter roll
/// lands the shot on `lands`, where an enemy stands.
fn white_scatter(roll: &str, lands: &str) {
    let mut st = white(&format!("Ke1 Ra1 p{lands} kh8"), "human/human", "firing");
    play(&mut st, "f:a1e5");
    assert_eq!(pending(&st), "scatter(w,e5,0,0,1,catapult)");
    play(&mut st, roll);
    assert_eq!(pending(&st), format!("hit({lands},3,-1,s)"), "roll {roll}");
}

#[test]
fn catapult_scatter_relative_to_the_firer() {
    white_scatter("d1", "e6"); // toward the enemy's side
    white_scatter("d2", "f5"); // the firer's right
    white_scatter("d3", "e4"); // toward the firer's side
    white_scatter("d4", "d5"); // the firer's left
    white_scatter("d5", "e5");
    white_scatter("d6", "e5");
    // For Black everything is mirrored.
    for (roll, lands) in [
        ("d1", "d3"),
        ("d2", "c4"),
        ("d3", "d5"),
        ("d4", "e4"),
        ("d6", "d4"),
    ] {
        let mut st = black(&format!("Kh1 P{lands} rh8 ka8"), "human/human", "firing");
        play(&mut st, "f:h8d4");
        play(&mut st, roll);
        assert_eq!(
            pending(&st),
            format!("hit({lands},3,-1,s)"),
            "black, roll {roll}"
        );
    }
    // A hit unit saves at -1.
    let mut st = white("Ke1 Ra1 pe5 kh8", "human/human", "firing");
    play(&mut st, "f:a1e5 d5 d3");
    assert_eq!(pending(&st), "save(e5,-1,kill)");
    play(&mut st, "d4");
    assert_eq!(at(&st, "e5"), ".");
}

#[test]
fn catapult_off_the_board_or_on_an_empty_square_does_nothing() {
    let mut st = white("Ke1 Ra1 pa8 kh7", "human/human", "firing");
    play(&mut st, "f:a1a8 d1");
    assert_eq!((pending(&st), at(&st, "a8")), ("-".into(), "p".into()));
    let mut st = white("Ke1 Ra1 pa8 kh7", "human/human", "firing");
    play(&mut st, "f:a1a8 d4");
    assert_eq!(pending(&st), "-");
    // Any square a friendly unit sees is a target, empty or not.
    let st = white("Ke1 Ra1 kh7", "human/human", "firing");
    assert!(has(&st, "f:a1e5") && has(&st, "f:a1h1"));
    assert!(!has(&st, "f:a1a1"));
}

#[test]
fn indirect_catapult_fire_scatters_twice() {
    // The infantry on c3 blocks the catapult's line to e5 but sees it.
    let mut st = white("Ke1 Ra1 Pc3 pf6 kh8", "human/human", "firing");
    play(&mut st, "f:a1e5");
    assert_eq!(pending(&st), "scatter(w,e5,0,0,2,catapult)");
    play(&mut st, "d1");
    assert_eq!(pending(&st), "scatter(w,e5,0,1,1,catapult)");
    play(&mut st, "d2");
    assert_eq!(pending(&st), "hit(f6,3,-1,s)");
    // Off the board and back: only the final square counts.
    let mut st = white("Ke1 Ra1 Pa3 pa8 kh6", "human/human", "firing");
    play(&mut st, "f:a1a8 d1 d3");
    assert_eq!(pending(&st), "hit(a8,3,-1,s)");
}

#[test]
fn catapult_of_fear_hits_automatically_unless_immune() {
    let mut st = black("Ke1 Pe4 ra8 kh8", "human/undead", "firing");
    play(&mut st, "f:a8e4 d6");
    assert_eq!(pending(&st), "save(e4,-1,kill)");
    let mut st = black("Ke4 ra8 kh8", "human/undead", "firing");
    play(&mut st, "f:a8e4 d6");
    assert_eq!(pending(&st), "hit(e4,3,-1,s)");
}

#[test]
fn rocks_fire_after_moving_with_range_4_and_no_save_modifier() {
    let mut st = white("Ke1 Rd1 pd6 pd7 kh8", "chaos/human", "movement");
    play(&mut st, "m:d1d2 end");
    assert!(has(&st, "f:d2d6"));
    assert!(!has(&st, "f:d2d7"), "five steps");
    play(&mut st, "f:d2d6 d5 d3");
    assert_eq!(pending(&st), "save(d6,0,kill)");
    // Catapults may not fire once moved.
    let st = white("Ke1 R(m)a1 pa4 kh8", "human/human", "firing");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("f:a1")));
}

// ---------------------------------------------------------------------------
// Melee.
// ---------------------------------------------------------------------------

/// Human Infantry (Melee 0) on d4 attacks Orc Boyz (0, save 3+) on d5.
fn infantry_vs_boyz() -> State {
    pos("Ke1 Pd4 pd5 kh8", "human/orc", "w melee 1 0 o - std - -")
}

#[test]
fn melee_6_or_more_destroys_the_defender() {
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5");
    assert_eq!(pending(&st), "melee(d4,d5)");
    play(&mut st, "d6");
    assert_eq!(at(&st, "d5"), ".");
    // Charging Chaos Knights (+1, +1 charge) reach 6 with a 4.
    let mut st = pos(
        "Ke1 N(mc)d4 pd5 kh8",
        "chaos/orc",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d4");
    assert_eq!(at(&st, "d5"), ".");
    // Without the charge it is a 5: a rout.
    let mut st = pos("Ke1 Nd4 pd5 kh8", "chaos/orc", "w melee 1 0 o - std - -");
    play(&mut st, "a:d4d5 d4");
    assert_eq!(pending(&st), "save(d5,0,rout);advance(d5)");
}

#[test]
fn melee_natural_6_destroys_whatever_the_modifiers() {
    // Zombies (-1) against the dwarf Warlord (+2): 6 - 1 - 2 = 3, but a
    // natural 6 destroys, and the general's death ends the game.
    let mut st = pos("Kd5 Pa2 kh8 pd4", "dwarf/undead", "b melee 1 0 o - std - -");
    play(&mut st, "a:d4d5 d6");
    assert_eq!(
        st.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "the white general was destroyed".into()
        })
    );
    assert!(st.legal_tokens().is_empty());
    assert!(matches!(st.to_act(), ToAct::Over(_)));
    refuse(&st, "end");
}

#[test]
fn melee_5_routs_save_or_destroyed_then_save_again() {
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d5");
    assert_eq!(pending(&st), "save(d5,0,rout);advance(d5)");
    play(&mut st, "d3");
    assert_eq!(pending(&st), "save(d5,0,mkill);advance(d5)");
    play(&mut st, "d3");
    assert_eq!((pending(&st), at(&st, "d5")), ("-".into(), "p".into()));
    // The second save fails.
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d5 d3 d2");
    assert_eq!(at(&st, "d5"), ".");
    // The rout save fails.
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d5 d2");
    assert_eq!(at(&st, "d5"), ".");
}

#[test]
fn melee_5_on_a_unit_immune_to_fear_is_one_save() {
    // Dwarf Infantry (+1) against Chaos Knights (+1, immune to fear).
    let mut st = pos("Ke1 Pd4 nd5 kh8", "dwarf/chaos", "w melee 1 0 o - std - -");
    play(&mut st, "a:d4d5 d5");
    assert_eq!(pending(&st), "save(d5,0,mkill);advance(d5)");
    play(&mut st, "d3");
    assert_eq!((pending(&st), at(&st, "d5")), ("-".into(), "n".into()));
}

#[test]
fn melee_4_save_or_destroyed() {
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d4");
    assert_eq!(pending(&st), "save(d5,0,mkill);advance(d5)");
    play(&mut st, "d3");
    assert_eq!(at(&st, "d5"), "p");
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d4 d2");
    assert_eq!(at(&st, "d5"), ".");
}

#[test]
fn melee_2_or_3_is_a_stand_off() {
    for roll in ["d2", "d3"] {
        let mut st = infantry_vs_boyz();
        play(&mut st, &format!("a:d4d5 {roll}"));
        assert_eq!(
            (pending(&st), at(&st, "d4"), at(&st, "d5")),
            ("-".into(), "P".into(), "p".into())
        );
        // The melee goes on: both stay in contact, the attack is spent.
        assert!(has(&st, "end"));
        refuse(&st, "a:d4d5");
    }
}

#[test]
fn melee_1_or_less_destroys_the_attacker_unless_it_saves() {
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d1");
    assert_eq!(pending(&st), "save(d4,0,mkill)");
    play(&mut st, "d4");
    assert_eq!(at(&st, "d4"), "P");
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d1 d3");
    assert_eq!(at(&st, "d4"), ".");
    // The defender does not advance into the attacker's square.
    assert_eq!(decision(&st), (Side::White, DecisionKind::Action));
    assert_eq!(at(&st, "d5"), "p");
    // Zombies (-1) on the Orc Warlord (+1): a 3 gives 1.
    let mut st = pos("Kd5 Pa2 kh8 pd4", "orc/undead", "b melee 1 0 o - std - -");
    play(&mut st, "a:d4d5 d3");
    assert_eq!(pending(&st), "save(d4,0,mkill)");
}

#[test]
fn the_opponent_picks_which_touching_unit_is_attacked() {
    let mut st = pos(
        "Ke1 Pd4 pd5 pe5 kh8",
        "human/orc",
        "w melee 1 0 o - std - -",
    );
    assert!(has(&st, "a:d4d5") && has(&st, "a:d4e5"));
    play(&mut st, "a:d4d5");
    assert_eq!(decision(&st), (Side::Black, DecisionKind::PickTarget));
    assert_eq!(st.legal_tokens(), ["pick:d5", "pick:e5"]);
    refuse(&st, "pick:d4");
    refuse(&st, "d6");
    play(&mut st, "pick:e5");
    assert_eq!(pending(&st), "melee(d4,e5)");
}

#[test]
fn every_unit_in_melee_must_attack_once() {
    let mut st = pos(
        "Ke1 Pd4 Pc4 pd5 kh8",
        "human/orc",
        "w melee 1 0 o - std - -",
    );
    assert!(!has(&st, "end"));
    refuse(&st, "end");
    play(&mut st, "a:d4d5 d2");
    assert!(!has(&st, "end"));
    play(&mut st, "a:c4d5 d3");
    assert_eq!(st.legal_tokens(), ["end"]);
    play(&mut st, "end");
    assert_eq!(
        (st.side_to_move(), st.phase()),
        (Side::Black, Phase::Movement)
    );
}

#[test]
fn charge_gives_plus_1_in_the_melee_of_that_turn() {
    // Knights (0, charge) charged: a 5 is 6.
    let mut st = pos(
        "Ke1 N(mc)d4 pd5 kh8",
        "human/orc",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d5");
    assert_eq!(at(&st, "d5"), ".");
    // Infantry has no charge ability: a charge mark gives nothing.
    let mut st = pos(
        "Ke1 P(mc)d4 pd5 kh8",
        "human/orc",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d5");
    assert_eq!(pending(&st), "save(d5,0,rout);advance(d5)");
    // The bonus lasts one turn.
    let mut st = pos(
        "Ke1 N(mc)d4 pd5 kh8",
        "human/orc",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d2 end");
    assert!(!st.unit_at(sq("d4")).unwrap().flags.charged);
}

#[test]
fn a_unit_that_touched_the_destroyed_defender_may_advance() {
    // d4 kills d5. c5 may advance; c4 may not squeeze between c5 and d4;
    // e5 touches another enemy (e6).
    let mut st = pos(
        "Ke1 Pd4 Pc5 Pc4 P(a)e5 pd5 pe6 kh8",
        "human/orc",
        "w melee 1 0 oa - std - -",
    );
    play(&mut st, "a:d4d5 d6");
    assert_eq!(decision(&st), (Side::White, DecisionKind::Advance));
    assert_eq!(st.legal_tokens(), ["adv:d4d5", "adv:c5d5", "noadv"]);
    refuse(&st, "adv:c4d5");
    refuse(&st, "adv:e5d5");
    play(&mut st, "adv:c5d5");
    assert_eq!((at(&st, "c5"), at(&st, "d5")), (".".into(), "P".into()));
    // Advancing into new contact: it must attack if it has not.
    assert!(has(&st, "a:d5e6"));
    // Or not at all.
    let mut st = infantry_vs_boyz();
    play(&mut st, "a:d4d5 d6 noadv");
    assert_eq!((at(&st, "d4"), at(&st, "d5")), ("P".into(), ".".into()));
}

#[test]
fn plague_spreads_when_beastmen_are_destroyed_in_melee() {
    // Human Infantry on d4 destroys the Beastmen on d5. Touching d5: d4
    // (saves at +1 on 4+), the Beastmen on e5 (immune), the archers on c6
    // (5+) and the Chaos Lord on e6 (immune).
    let mut st = pos(
        "Ke1 Pd4 Bc6 pd5 pe5 ke6",
        "human/chaos",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 pick:d5 d6");
    assert_eq!(pending(&st), "save(d4,1,kill);save(c6,1,kill);advance(d5)");
    play(&mut st, "d3 d3");
    assert_eq!((at(&st, "d4"), at(&st, "c6")), ("P".into(), ".".into()));
    // Destroyed by a shot, not in melee: no plague.
    let mut st = white("Ke1 Bc3 Pd4 pd5 kh8", "human/chaos", "firing");
    play(&mut st, "f:c3d5 d3 d1 d6");
    assert_eq!((at(&st, "d5"), pending(&st)), (".".into(), "-".into()));
}

#[test]
fn trolls_regenerate_at_the_end_of_the_turn_on_3_or_more() {
    let mut st = white("Ke1 Ba1 ra4 kh8", "human/orc", "firing");
    play(&mut st, "f:a1a4 d3 d1");
    assert_eq!(at(&st, "a4"), ".");
    assert!(st.to_string().contains(" a4r std "), "{st}");
    play(&mut st, "end end");
    assert_eq!(pending(&st), "regen(a4,b);endturn");
    play(&mut st, "d3");
    assert_eq!(at(&st, "a4"), "r");
    assert_eq!(st.side_to_move(), Side::Black);
    // 1-2: it stays dead.
    let mut st = white("Ke1 Ba1 ra4 kh8", "human/orc", "firing");
    play(&mut st, "f:a1a4 d3 d1 end end d2");
    assert_eq!(
        (at(&st, "a4"), st.side_to_move()),
        (".".into(), Side::Black)
    );
    // Its square taken: no roll.
    let mut st = pos("Ke1 Pa3 ra4 kh8", "human/orc", "w melee 1 0 o - std - -");
    play(&mut st, "a:a3a4 d6 adv:a3a4 end");
    assert_eq!(
        (at(&st, "a4"), st.side_to_move()),
        ("P".into(), Side::Black)
    );
}

// ---------------------------------------------------------------------------
// Spells.
// ---------------------------------------------------------------------------

#[test]
fn zap_in_the_firing_phase_saves_at_minus_1() {
    let mut st = white("Ke1 Qd1 pd5 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d5");
    assert_eq!(pending(&st), "save(d5,-1,kill)");
    play(&mut st, "d4");
    assert_eq!(at(&st, "d5"), ".");
    // One spell per wizard per turn.
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:")));
    assert!(st.unit_at(sq("d1")).unwrap().flags.cast);
    // Not in the movement phase; range 6; sight.
    let st = white("Ke1 Qd1 pd5 kh8", "human/human", "movement");
    assert!(!has(&st, "s:zap:d1d5"));
    refuse(&st, "s:zap:d1d5");
    let st = white("Ke1 Qd1 pd7 pd8 kh8", "human/human", "firing");
    assert!(has(&st, "s:zap:d1d7") && !has(&st, "s:zap:d1d8"));
    let st = white("Ke1 Qd1 Pd3 pd5 kh8", "human/human", "firing");
    assert!(!has(&st, "s:zap:d1d5"));
}

#[test]
fn storm_hits_every_unit_on_nine_squares_on_4_or_more() {
    let mut st = white("Ke1 Qd1 Pd4 pe5 pf6 kh8", "human/human", "firing");
    play(&mut st, "s:storm:d1e5");
    assert_eq!(pending(&st), "hit(d4,4,0,-);hit(e5,4,0,-);hit(f6,4,0,-)");
    play(&mut st, "d3 d4");
    assert_eq!(pending(&st), "save(e5,0,kill);hit(f6,4,0,-)");
    play(&mut st, "d3 d6 d6");
    assert_eq!(
        (at(&st, "d4"), at(&st, "e5"), at(&st, "f6")),
        ("P".into(), ".".into(), "p".into())
    );
}

#[test]
fn summons_only_by_a_wizard_that_did_not_move_at_their_three_moments() {
    // Not in the movement phase.
    let st = white("Ke1 Qd1 pd5 kh8", "human/human", "movement");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:storm")));
    // Not by a wizard that moved.
    let st = white("Ke1 Q(m)d1 pd5 kh8", "human/human", "firing");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:storm")));
    // Before firing, not once a unit fired.
    let mut st = white("Ke1 Qd1 Ba1 pd5 pa4 kh7", "human/human", "firing");
    assert!(has(&st, "s:storm:d1d5"));
    play(&mut st, "f:a1a4 d1");
    assert!(!has(&st, "s:storm:d1d5"));
    // Between firing and melee.
    play(&mut st, "end");
    assert!(has(&st, "s:storm:d1d5"));
    // After the melee.
    play(&mut st, "end");
    assert!(st.after_melee());
    assert_eq!(st.phase(), Phase::Melee);
    assert!(has(&st, "s:storm:d1d5") && has(&st, "end"));
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:zap")));
    play(&mut st, "s:storm:d1d5 d1");
    // The wizard has cast: the turn ends at once.
    assert_eq!(st.side_to_move(), Side::Black);
}

#[test]
fn dispel_cancels_the_spell_just_cast() {
    let mut st = white("Ke1 Qd1 pd5 qd7 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d5");
    assert_eq!(decision(&st), (Side::Black, DecisionKind::Reaction));
    assert_eq!(st.legal_tokens(), ["s:dispel:d7", "pass"]);
    play(&mut st, "s:dispel:d7");
    assert_eq!((pending(&st), at(&st, "d5")), ("-".into(), "p".into()));
    let q = st.unit_at(sq("d7")).unwrap();
    assert!(q.flags.owed && !q.flags.cast && q.flags.reacted);
    assert!(st.to_string().contains("q(ni)"), "{st}");
    // Dispel, like Healing and Raise dead, is only ever a reaction.
    let st = white("Ke1 Qd1 pd5 qd7 kh8", "human/human", "firing");
    refuse(&st, "s:dispel:d1");
    refuse(&st, "s:healing:d1e1");
    // Out of range (7 steps from the caster): no Dispel.
    let mut st = white("Ke1 Qd1 pd5 qd8 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d5");
    assert_eq!(pending(&st), "save(d5,-1,kill)");
    // Passing lets the spell work.
    let mut st = white("Ke1 Qd1 pd5 qd7 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d5 pass");
    assert_eq!(pending(&st), "save(d5,-1,kill)");
}

#[test]
fn a_dispel_may_itself_be_dispelled() {
    let mut st = white("Ke1 Qd1 Qc1 pd5 qd7 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d5 s:dispel:d7");
    assert_eq!(decision(&st), (Side::White, DecisionKind::Reaction));
    assert_eq!(st.legal_tokens(), ["s:dispel:c1", "pass"]);
    play(&mut st, "s:dispel:c1");
    // Black has cast its instant of this turn: no third Dispel.
    assert_eq!(pending(&st), "save(d5,-1,kill)");
}

#[test]
fn one_instant_per_wizard_in_each_opponent_turn() {
    let mut st = white("Ke1 Qd1 Qc1 pd5 qd7 qc7 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d5");
    assert_eq!(st.legal_tokens(), ["s:dispel:c7", "s:dispel:d7", "pass"]);
    play(&mut st, "s:dispel:d7 pass");
    assert_eq!(pending(&st), "-");
    // The second Black wizard may answer the second zap; the first has
    // cast its one instant of this turn.
    play(&mut st, "s:zap:c1d5");
    assert_eq!(st.legal_tokens(), ["s:dispel:c7", "pass"]);
    play(&mut st, "pass");
    assert_eq!(pending(&st), "save(d5,-1,kill)");
}

/// The rules file, "Spells": an instant on the opponent's turn uses the
/// previous own turn's spell when the wizard did not cast then.
#[test]
fn an_instant_uses_the_previous_own_turns_spell_when_it_is_unused() {
    // The wizard on c7 did not cast in its turn of round 1: its Dispel in
    // White's turn of round 2 uses that spell, so it may Zap in its own.
    let mut st: State = "7k/2q5/3p4/8/8/8/8/K2Q4 human/human w movement 2 0 - - std - -"
        .parse()
        .unwrap();
    play(
        &mut st,
        "end pass s:zap:d1d6 pass s:dispel:c7 end end end pass",
    );
    assert_eq!(
        (st.side_to_move(), st.phase()),
        (Side::Black, Phase::Firing)
    );
    assert_eq!(at(&st, "d6"), "p", "the zap was dispelled");
    assert!(has(&st, "s:zap:c7d1"), "{:?}", st.legal_tokens());
    // Had it cast in round 1 (mark `w`), the Dispel uses round 2's spell.
    let mut st: State = "7k/2q(w)5/3p4/8/8/8/8/K2Q4 human/human w movement 2 0 - - std - -"
        .parse()
        .unwrap();
    play(&mut st, "end pass s:zap:d1d6 pass s:dispel:c7");
    let q = st.unit_at(sq("c7")).unwrap();
    assert!(q.flags.cast && q.flags.owed && q.flags.reacted);
    play(&mut st, "end end end pass");
    assert_eq!(
        (st.side_to_move(), st.phase()),
        (Side::Black, Phase::Firing)
    );
    assert_eq!(st.legal_tokens(), ["end"]);
    // In round 1 Black has had no turn: its instant uses the next spell.
    let mut st = white("Ke1 Qd1 pd6 qc7 kh8", "human/human", "firing");
    play(&mut st, "s:zap:d1d6 s:dispel:c7");
    let q = st.unit_at(sq("c7")).unwrap();
    assert!(!q.flags.cast && q.flags.owed && q.flags.reacted);
}

/// The rules file, "Spells": each wizard, not each side, casts at most one
/// instant during an opponent turn.
#[test]
fn each_wizard_may_cast_one_instant_in_the_opponents_turn() {
    let mut st: State = "7k/2q3q1/3p1p2/8/8/8/8/K2Q1Q2 human/human w movement 2 0 - - std - -"
        .parse()
        .unwrap();
    play(
        &mut st,
        "end pass s:zap:d1d6 pass s:dispel:c7 pass s:zap:f1f6",
    );
    assert_eq!(decision(&st), (Side::Black, DecisionKind::Reaction));
    assert_eq!(st.legal_tokens(), ["s:dispel:g7", "pass"]);
    // White's wizards have cast: no Dispel of the Dispel.
    play(&mut st, "s:dispel:g7");
    assert_eq!((at(&st, "d6"), at(&st, "f6")), ("p".into(), "p".into()));
    // Neither Black wizard has a second instant in this turn.
    let (c7, g7) = (st.unit_at(sq("c7")).unwrap(), st.unit_at(sq("g7")).unwrap());
    assert!(c7.flags.reacted && g7.flags.reacted);
}

/// The rules file, "Spells": Protection may be cast right after a friendly
/// unit is hit, before it rolls its save.
#[test]
fn protection_may_be_cast_after_a_hit_before_the_save() {
    let start = "3q3k/8/8/2p5/8/8/8/K1B5 human/human w movement 2 0 - - std - -";
    let mut st: State = start.parse().unwrap();
    play(&mut st, "end pass f:c1c5 pass d3");
    assert_eq!(decision(&st), (Side::Black, DecisionKind::Reaction));
    assert_eq!(pending(&st), "hitwin(c5);save(c5,0,kill)");
    assert_eq!(st.legal_tokens(), ["s:protection:d8c5", "pass"]);
    // Protected infantry (4+) saves on a 3; White may dispel first.
    play(&mut st, "s:protection:d8c5");
    assert!(st.unit_at(sq("c5")).unwrap().flags.protected);
    play(&mut st, "d3");
    assert_eq!(at(&st, "c5"), "p");
    // Passing: the same 3 fails (and Healing is then offered: passed).
    let mut st: State = start.parse().unwrap();
    play(&mut st, "end pass f:c1c5 pass d3 pass d3");
    assert_eq!(pending(&st), "healwin(c5,0,kill)");
    play(&mut st, "pass");
    assert_eq!(at(&st, "c5"), ".");
    // A miss offers nothing.
    let mut st: State = start.parse().unwrap();
    play(&mut st, "end pass f:c1c5 pass d2");
    assert_eq!(pending(&st), "-");
}

/// The rules file, "Movement": a unit moves when it is not in melee at the
/// moment it moves, so one freed earlier in the phase may move.
#[test]
fn a_unit_freed_from_melee_earlier_in_the_phase_may_move() {
    let mut st: State = "7k/8/8/3p4/3P4/5Q2/8/K7 orc/human b after 2 0 - - std - -"
        .parse()
        .unwrap();
    // The after-melee stage has nothing left: White's turn 3 begins, d4
    // in contact with d5.
    assert_eq!(
        (st.side_to_move(), st.phase(), st.round()),
        (Side::White, Phase::Movement, 3)
    );
    assert!(moves_of(&st, "d4").is_empty());
    // The Shaman flies the enemy away (its save fails): d4 may walk.
    play(&mut st, "s:flight:f3d5d7 d1");
    assert_eq!(at(&st, "d7"), "p");
    assert!(has(&st, "m:d4d3"), "{:?}", st.legal_tokens());
    play(&mut st, "m:d4d3");
    assert_eq!(at(&st, "d3"), "P");
}

#[test]
fn an_instant_on_the_opponents_turn_uses_the_next_own_turns_spell() {
    // Black's archers shoot White's infantry; White's Wizard, which cast in
    // its own turn (mark `w`), heals it with its next turn's spell.
    let mut st = pos(
        "Ke1 Q(w)d1 Pd4 bd6 kh8",
        "human/human",
        "b firing 1 0 o - std - -",
    );
    // The Wizard may first protect the infantry just hit (it passes).
    play(&mut st, "f:d6d4 d3");
    assert_eq!(st.legal_tokens(), ["s:protection:d1d4", "pass"]);
    play(&mut st, "pass d1");
    assert_eq!(decision(&st), (Side::White, DecisionKind::Reaction));
    assert_eq!(st.legal_tokens(), ["s:healing:d1d4", "pass"]);
    play(&mut st, "s:healing:d1d4");
    assert_eq!(pending(&st), "save(d4,0,kill)");
    play(&mut st, "d5");
    assert_eq!(at(&st, "d4"), "P");
    // In White's next turn the Wizard has no spell left.
    play(&mut st, "end end");
    assert_eq!(st.side_to_move(), Side::White);
    let q = st.unit_at(sq("d1")).unwrap();
    assert!(q.flags.cast && !q.flags.owed);
    play(&mut st, "end");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:")));
    // Passing: the infantry is destroyed.
    let mut st = pos(
        "Ke1 Qd1 Pd4 bd6 kh8",
        "human/human",
        "b firing 1 0 o - std - -",
    );
    play(&mut st, "f:d6d4 d3 pass d1 pass");
    assert_eq!(at(&st, "d4"), ".");
    // Healed and failed again: destroyed.
    let mut st = pos(
        "Ke1 Qd1 Pd4 bd6 kh8",
        "human/human",
        "b firing 1 0 o - std - -",
    );
    play(&mut st, "f:d6d4 d3 pass d1 s:healing:d1d4 d2");
    assert_eq!(at(&st, "d4"), ".");
}

#[test]
fn protection_at_the_start_of_a_phase_gives_plus_1() {
    // The side to move, before any unit acts.
    let mut st = white("Ke1 Qd1 Qc1 Pd4 kh8", "human/human", "movement");
    play(&mut st, "s:protection:d1d4");
    assert!(st.unit_at(sq("d4")).unwrap().flags.protected);
    play(&mut st, "m:e1e2");
    assert!(
        !st.legal_tokens()
            .iter()
            .any(|t| t.starts_with("s:protection"))
    );
    // Protected infantry (4+) saves on a 3.
    let mut st = pos(
        "Ke1 P(+)d4 bd6 kh8",
        "human/human",
        "b firing 1 0 o - std - -",
    );
    play(&mut st, "f:d6d4 d3 d3");
    assert_eq!(at(&st, "d4"), "P");
    // It lasts until the end of the turn.
    let mut st = white("Ke1 Qd1 Pd4 kh8", "human/human", "movement");
    play(&mut st, "s:protection:d1d4 end end end");
    assert!(!st.unit_at(sq("d4")).unwrap().flags.protected);
}

#[test]
fn the_opponent_may_cast_protection_at_the_start_of_each_phase() {
    // The phase has not opened: White's first action waits for Black.
    let mut st = pos(
        "Ke1 Bd2 pd5 qd8 kh8",
        "human/human",
        "w firing 1 0 - - std - -",
    );
    play(&mut st, "f:d2d5");
    assert_eq!(decision(&st), (Side::Black, DecisionKind::Reaction));
    assert_eq!(pending(&st), "protwin;do(f:d2d5)");
    assert_eq!(
        st.legal_tokens(),
        [
            "s:protection:d8d5",
            "s:protection:d8d8",
            "s:protection:d8h8",
            "pass"
        ]
    );
    play(&mut st, "s:protection:d8d5");
    assert_eq!(pending(&st), "hit(d5,3,0,s)");
    play(&mut st, "d3 d3");
    assert_eq!(at(&st, "d5"), "p");
    // Offered once per phase.
    let mut st = pos(
        "Ke1 Bd2 Be2 pd5 qd8 kh8",
        "human/human",
        "w firing 1 0 - - std - -",
    );
    play(&mut st, "f:d2d5 pass d1 f:e2d5");
    assert_eq!(pending(&st), "hit(d5,3,0,s)");
}

#[test]
fn flight_moves_a_friendly_unit_as_its_move_or_an_enemy_that_fails_a_save() {
    let mut st = white("Ke1 Qd1 Pd2 pd6 kh8", "orc/human", "movement");
    play(&mut st, "s:flight:d1d2d5");
    let p = st.unit_at(sq("d5")).expect("flown");
    assert!(
        p.flags.moved && p.flags.charged,
        "landing in contact is a charge"
    );
    assert!(moves_of(&st, "d5").is_empty());
    // Only in the movement phase.
    let st = white("Ke1 Qd1 Pd2 pd6 kh8", "orc/human", "firing");
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:flight")));
    refuse(&st, "s:flight:d1d2d5");
    // Within 4 of the unit only.
    let st = white("Ke1 Qd1 Pd2 pd6 kh8", "orc/human", "movement");
    assert!(has(&st, "s:flight:d1d2h6") && !has(&st, "s:flight:d1d2h7"));
    // Even out of melee.
    let st = white("Ke1 Qd1 Pd2 pd3 kh8", "orc/human", "movement");
    assert!(has(&st, "s:flight:d1d2a2"));
    // An enemy within 2: it saves or is put there.
    let mut st = white("Ke1 Qd1 pd6 kh8", "orc/human", "movement");
    assert!(!has(&st, "s:flight:d1d6d3"));
    play(&mut st, "s:flight:d1d6d8");
    assert_eq!(pending(&st), "save(d6,0,flyd8)");
    play(&mut st, "d3");
    assert_eq!((at(&st, "d6"), at(&st, "d8")), (".".into(), "p".into()));
    let mut st = white("Ke1 Qd1 pd6 kh8", "orc/human", "movement");
    play(&mut st, "s:flight:d1d6d8 d4");
    assert_eq!(at(&st, "d6"), "p");
}

#[test]
fn raise_dead_returns_a_destroyed_unit_as_a_zombie_of_the_casters_side() {
    let mut st = pos(
        "Ke1 Pd5 qd8 pd4 kh8",
        "human/undead",
        "b melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d6");
    assert_eq!(decision(&st), (Side::Black, DecisionKind::Reaction));
    // The Liche on h8 could raise it too.
    assert_eq!(
        st.legal_tokens(),
        ["s:raisedead:d8d5", "s:raisedead:h8d5", "pass"]
    );
    play(&mut st, "s:raisedead:d8d5");
    let z = st.unit_at(sq("d5")).expect("a zombie");
    assert_eq!((z.side, z.name()), (Side::Black, "Zombies"));
    // The square is taken: no advance.
    assert_eq!(pending(&st), "-");
    // The other side may raise too: White kills a Zombie on its turn.
    let mut st = pos(
        "Ke1 Pd4 qd8 pd5 kh8",
        "human/undead",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d6");
    assert_eq!(decision(&st), (Side::Black, DecisionKind::Reaction));
    play(&mut st, "s:raisedead:d8d5");
    assert_eq!(at(&st, "d5"), "p");
    assert!(st.unit_at(sq("d8")).unwrap().flags.owed);
}

#[test]
fn a_troll_raised_as_a_zombie_on_a_full_board_comes_back_once_its_square_empties() {
    // 32 units: Black's Zombie on a7 destroys the Troll on a6 and the
    // Necromancer raises it there, so the Troll waits under the Zombie.
    let mut st = pos(
        "ra8 nb8 bc8 ke8 bf8 ng8 rh8 pa7 pb7 pc7 pd7 pe7 pf7 pg7 ph7 qb6 Ra6 Pa5 \
         Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Nb1 Bc1 Qd1 Ke1 Bf1 Ng1 Rh1",
        "orc/undead",
        "b melee 1 0 o - std - -",
    );
    assert_eq!(st.units().len(), 32);
    play(&mut st, "a:a7a6 d6 s:raisedead:b6a6 pass");
    assert_eq!((st.units().len(), at(&st, "a6")), (32, "p".into()));
    // The raised Zombie destroys the Boyz on a5 and advances: the Troll's
    // square is empty again, and it regenerates at the end of the turn.
    play(&mut st, "a:a6a5 d6 adv:a6a5 end end");
    assert_eq!(pending(&st), "regen(a6,w);endturn");
    play(&mut st, "d3");
    assert_eq!((st.units().len(), at(&st, "a6")), (32, "R".into()));
}

#[test]
fn fear_spell_scares_enemies_within_2_until_the_end_of_their_next_turn() {
    let mut st = black("Kb4 Pd4 Pf4 Pd1 qd6 kh8", "human/chaos", "firing");
    play(&mut st, "s:fear:d6");
    // The General is immune; d1 is out of reach.
    assert_eq!(pending(&st), "save(d4,0,fright);save(f4,0,fright)");
    play(&mut st, "d1 d6");
    assert_eq!((at(&st, "d4"), at(&st, "f4")), ("Pt".into(), "P".into()));
    play(&mut st, "end end");
    assert_eq!(st.side_to_move(), Side::White);
    assert_eq!(at(&st, "d4"), "Pt");
    play(&mut st, "end end end");
    assert_eq!(st.side_to_move(), Side::Black);
    assert_eq!(at(&st, "d4"), "P");
}

#[test]
fn plague_spell_destroys_and_spreads_to_touching_units() {
    let mut st = black("Ke1 Pd4 Pd3 Bc4 qd6 kh8", "human/chaos", "firing");
    play(&mut st, "s:plague:d6d4");
    assert_eq!(pending(&st), "save(d4,0,plague)");
    play(&mut st, "d2");
    assert_eq!(pending(&st), "save(d3,1,kill);save(c4,1,kill)");
    play(&mut st, "d3 d3");
    assert_eq!(
        (at(&st, "d4"), at(&st, "d3"), at(&st, "c4")),
        (".".into(), "P".into(), ".".into())
    );
    // Units immune to plague cannot be its target.
    let st = black("Kd4 Pa1 qd6 kh8", "chaos/chaos", "firing");
    assert!(!has(&st, "s:plague:d6d4") && has(&st, "s:zap:d6d4"));
}

#[test]
fn strike_gives_plus_2_melee_this_phase() {
    let mut st = pos(
        "Ke1 Pd5 qc3 pd4 kh8",
        "human/undead",
        "b melee 1 0 o - std - -",
    );
    assert!(has(&st, "s:strike:c3d4"));
    play(&mut st, "s:strike:c3d4 a:d4d5 d3");
    assert_eq!(pending(&st), "save(d5,0,mkill);advance(d5)");
    let mut st = pos(
        "Ke1 Pd5 qd8 pd4 kh8",
        "human/undead",
        "b melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d3");
    assert_eq!(pending(&st), "-");
    // Only in the melee phase, on a unit in melee.
    let st = pos(
        "Ke1 Pd5 qd8 pd4 pa7 kh8",
        "human/undead",
        "b firing 1 0 o - std - -",
    );
    assert!(!st.legal_tokens().iter().any(|t| t.starts_with("s:strike")));
    let st = pos(
        "Ke1 Pd5 qd8 pd4 pa7 kh8",
        "human/undead",
        "b melee 1 0 o - std - -",
    );
    assert!(!has(&st, "s:strike:d8a7"));
}

#[test]
fn anti_magic_gives_an_extra_5_plus_save_against_enemy_spells() {
    let mut st = white("Ke1 Qd1 pd5 qd8 kh8", "human/dwarf", "firing");
    play(&mut st, "s:zap:d1d5");
    assert_eq!(pending(&st), "magic(d5);save(d5,-1,kill)");
    play(&mut st, "d5");
    assert_eq!((pending(&st), at(&st, "d5")), ("-".into(), "p".into()));
    let mut st = white("Ke1 Qd1 pd5 qd8 kh8", "human/dwarf", "firing");
    play(&mut st, "s:zap:d1d5 d4");
    assert_eq!(pending(&st), "save(d5,-1,kill)");
    // Storm is not affected.
    let mut st = white("Ke1 Qd1 pd5 qd8 kh8", "human/dwarf", "firing");
    play(&mut st, "s:storm:d1d5");
    assert_eq!(pending(&st), "hit(d5,4,0,-)");
    // Without a Rune Lord, no extra save.
    let mut st = white("Ke1 Qd1 pd5 kh8", "human/dwarf", "firing");
    play(&mut st, "s:zap:d1d5");
    assert_eq!(pending(&st), "save(d5,-1,kill)");
    // Raise dead on a dwarf: the dead stay dead on a 5+.
    let mut st = pos(
        "Ke1 Qf5 Pd4 pd5 qh8 kh7",
        "undead/dwarf",
        "w melee 1 0 o - std - -",
    );
    play(&mut st, "a:d4d5 d6 s:raisedead:f5d5");
    // The Rune Lord could dispel it; it lets the anti-magic work instead.
    assert_eq!(pending(&st), "dispelwin(b,f5);raise(d5,w,b);advance(d5)");
    play(&mut st, "pass");
    assert_eq!(pending(&st), "magic(d5);zombie(d5,w);advance(d5)");
    play(&mut st, "d6");
    assert_eq!(at(&st, "d5"), ".");
    assert_eq!(decision(&st), (Side::White, DecisionKind::Advance));
}

// ---------------------------------------------------------------------------
// The end of the game.
// ---------------------------------------------------------------------------

#[test]
fn the_general_destroyed_wins_at_once() {
    // A Storm on the General and two other units: the game ends with the
    // General, and the rest of the Storm is never rolled.
    let mut st = white("Ke1 Qd3 pd5 ke5 pf6", "human/human", "firing");
    play(&mut st, "s:storm:d3e5 d4 d1 d4 d1");
    assert_eq!(
        st.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "the black general was destroyed".into()
        })
    );
    assert_eq!(at(&st, "f6"), "p");
    assert!(st.to_string().ends_with(" - white:general"), "{st}");
}

#[test]
fn draw_after_10_rounds_in_a_row_with_no_unit_destroyed() {
    let mut st = pos("Ke1 kh8", "human/human", "b melee 14 9 o - std - -");
    play(&mut st, "end");
    assert_eq!(
        st.outcome(),
        Some(Outcome::Draw {
            reason: "10 rounds in a row with no unit destroyed".into()
        })
    );
    // A unit destroyed this round resets the count.
    let mut st = pos("Ke1 kh8", "human/human", "b melee 14 9 ko - std - -");
    play(&mut st, "end");
    assert_eq!((st.outcome(), st.quiet_rounds(), st.round()), (None, 0, 15));
    // White's turn alone is no round.
    let mut st = pos("Ke1 kh8", "human/human", "w melee 14 9 o - std - -");
    play(&mut st, "end");
    assert_eq!(
        (st.outcome(), st.quiet_rounds(), st.side_to_move()),
        (None, 9, Side::Black)
    );
}

#[test]
fn draw_after_100_rounds() {
    let mut st = pos("Ke1 kh8", "human/human", "b melee 100 0 ko - std - -");
    play(&mut st, "end");
    assert_eq!(
        st.outcome(),
        Some(Outcome::Draw {
            reason: "100 rounds played".into()
        })
    );
    let mut st = pos("Ke1 kh8", "human/human", "b melee 99 0 ko - std - -");
    play(&mut st, "end");
    assert_eq!((st.outcome(), st.round()), (None, 100));
}

#[test]
fn lengthened_game_plays_to_total_destruction() {
    // The general's death does not end it.
    let mut st = pos(
        "Ke1 Ba1 ka4 pa8",
        "human/human",
        "w firing 1 0 o - long - -",
    );
    play(&mut st, "f:a1a4 d3 d1");
    assert_eq!((st.outcome(), at(&st, "a4")), (None, ".".into()));
    // The last enemy unit destroyed: won.
    let mut st = pos("Ke1 Ba1 pa4", "human/human", "w firing 1 0 o - long - -");
    play(&mut st, "f:a1a4 d3 d1");
    assert_eq!(
        st.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "total destruction: only white has units left (7 points)".into()
        })
    );
}

#[test]
fn lengthened_game_both_armies_gone_the_last_unit_wins() {
    // White's last unit storms d5: itself on d4 goes first, Black's e5
    // last.
    let mut st = pos("Qd4 pe5", "human/human", "w firing 1 0 o - long - -");
    play(&mut st, "s:storm:d4d5 d4 d1 d4 d1");
    assert_eq!(
        st.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "total destruction of both armies: black had the last unit on the board".into()
        })
    );
}

#[test]
fn lengthened_game_undead_collapse_without_liche_and_necromancers() {
    let mut st = pos(
        "Ke1 Ba1 ka4 pa8 pb8",
        "human/undead",
        "w firing 1 0 o - long - -",
    );
    play(&mut st, "f:a1a4 d3 d1");
    assert_eq!(
        st.outcome().map(|o| matches!(
            o,
            Outcome::Win {
                winner: Side::White,
                ..
            }
        )),
        Some(true)
    );
    // A Necromancer left: no collapse.
    let mut st = pos(
        "Ke1 Ba1 ka4 pa8 qh8",
        "human/undead",
        "w firing 1 0 o - long - -",
    );
    play(&mut st, "f:a1a4 d3 d1");
    assert_eq!((st.outcome(), at(&st, "a8")), (None, "p".into()));
}

#[test]
fn flight_or_teleport_into_contact_with_a_fear_causer_needs_the_fear_test() {
    let mut st = white("Ke1 Qd1 Pd2 kd6", "orc/chaos", "movement");
    play(&mut st, "s:flight:d1d2d5");
    assert_eq!(pending(&st), "save(d2,0,balk);move(d2,d5)");
    play(&mut st, "d1");
    assert_eq!((at(&st, "d2"), at(&st, "d5")), ("P".into(), ".".into()));
    // The Liche is not immune to fear either.
    let mut st = white("Kd3 Pa2 kd6", "undead/chaos", "movement");
    play(&mut st, "m:d3d5");
    assert_eq!(pending(&st), "save(d3,0,balk);move(d3,d5)");
    play(&mut st, "d2");
    assert_eq!(at(&st, "d5"), "K");
}

#[test]
fn healing_is_offered_only_when_a_failed_save_would_destroy() {
    // A failed fear test is no wound.
    let mut st = white("Ke1 Qd1 Nd3 kd6", "human/chaos", "movement");
    play(&mut st, "m:d3d5 d1");
    assert_eq!(decision(&st), (Side::White, DecisionKind::Action));
    // A failed save against a shot is; the side to move heals with the
    // spell of its own turn.
    let mut st = white("Ke1 Qd1 Pd3 pd4 kh8", "human/human", "melee");
    play(&mut st, "a:d3d4 d1 d1");
    assert_eq!(st.legal_tokens(), ["s:healing:d1d3", "pass"]);
    play(&mut st, "s:healing:d1d3 d4");
    assert_eq!(at(&st, "d3"), "P");
    assert!(st.unit_at(sq("d1")).unwrap().flags.cast);
}

#[test]
fn a_raised_zombie_does_not_move_in_the_turn_it_rises() {
    // White's infantry falls to a Zap in Black's firing phase and rises.
    let mut st = black("Ke1 Pc3 kh8 qc5", "human/undead", "firing");
    play(&mut st, "s:zap:c5c3 d1");
    // The Necromancer has cast; the Liche on h8 raises it.
    assert_eq!(st.legal_tokens(), ["s:raisedead:h8c3", "pass"]);
    play(&mut st, "s:raisedead:h8c3");
    let z = st.unit_at(sq("c3")).unwrap();
    assert!(z.side == Side::Black && z.flags.moved);
}

#[test]
fn lengthened_game_trolls_waiting_to_regenerate_still_count() {
    let mut st = pos("Ke1 Ba1 ra4", "human/orc", "w firing 1 0 o - long - -");
    play(&mut st, "f:a1a4 d3 d1");
    assert_eq!(st.outcome(), None);
    play(&mut st, "end end");
    assert_eq!(pending(&st), "regen(a4,b);endturn");
    play(&mut st, "d2");
    assert_eq!(
        st.outcome().map(|o| matches!(
            o,
            Outcome::Win {
                winner: Side::White,
                ..
            }
        )),
        Some(true)
    );
    let mut st = pos("Ke1 Ba1 ra4", "human/orc", "w firing 1 0 o - long - -");
    play(&mut st, "f:a1a4 d3 d1 end end d5");
    assert_eq!((st.outcome(), at(&st, "a4")), (None, "r".into()));
}

// ---------------------------------------------------------------------------
// Property tests over seeded random games.
// ---------------------------------------------------------------------------

/// A small linear congruential generator (Knuth's MMIX constants).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random army: a general, 4-6 infantry and a few others, deployed at
/// random on the side's two ranks.
fn random_army(rng: &mut Lcg, race: Race, side: Side) -> Army {
    let mut squares: Vec<u8> = match side {
        Side::White => (0..16).collect(),
        Side::Black => (48..64).collect(),
    };
    for i in (1..squares.len()).rev() {
        let j = rng.below(i + 1);
        squares.swap(i, j);
    }
    let mut slots = vec![Slot::K];
    for _ in 0..4 + rng.below(3) {
        slots.push(Slot::P);
    }
    for slot in [Slot::Q, Slot::R, Slot::B, Slot::N] {
        let max = motley::chesswar::profile(race, slot).max as usize;
        for _ in 0..rng.below(max.min(2) + 1) {
            slots.push(slot);
        }
    }
    Army {
        race,
        side,
        units: slots
            .into_iter()
            .zip(squares)
            .map(|(s, q)| (s, Square(q)))
            .collect(),
    }
}

/// Plays one random game, checking the properties at every step; returns
/// the number of tokens played and the final state.
fn random_game_end(seed: u64, keep: &mut Vec<String>) -> (usize, State) {
    let mut rng = Lcg(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xC0FFEE);
    let wr = Race::ALL[rng.below(6)];
    let br = Race::ALL[rng.below(6)];
    let options = GameOptions {
        budget: None,
        lengthened: rng.below(4) == 0,
    };
    let mut st = if rng.below(3) == 0 {
        let w = Army::standard(wr, Side::White);
        let b = Army::standard(br, Side::Black);
        State::from_armies(&w, &b, &options).expect("standard armies are valid")
    } else {
        let w = random_army(&mut rng, wr, Side::White);
        let b = random_army(&mut rng, br, Side::Black);
        State::from_armies(&w, &b, &options).expect("random armies are valid")
    };
    let junk = [
        "d0", "d7", "m:a1a1", "zz", "", "s:zap:a1", "pick:", "adv:a1", "end:x",
    ];
    let mut steps = 0;
    loop {
        let text = st.to_string();
        if steps % 16 == 0 {
            keep.push(text.clone());
        }
        let back: State = text
            .parse()
            .unwrap_or_else(|e| panic!("seed {seed}: '{text}' does not read back: {e}"));
        assert_eq!(back.to_string(), text, "seed {seed}: round trip");
        assert_eq!(back, st, "seed {seed}: round trip");
        let legal = st.legal_tokens();
        let mut unique = legal.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(
            unique.len(),
            legal.len(),
            "seed {seed}: a token listed twice in '{text}'"
        );
        match st.to_act() {
            ToAct::Over(_) => {
                assert!(legal.is_empty());
                assert!(st.round() <= 100, "seed {seed}: round {}", st.round());
                assert!(st.clone().apply("end").is_err());
                break;
            }
            ToAct::Roll { .. } => {
                let dice: Vec<String> = (1..=6).map(|n| format!("d{n}")).collect();
                assert_eq!(legal, dice, "seed {seed}: a roll lists d1..d6");
            }
            ToAct::Decision { .. } => {
                assert!(!legal.is_empty(), "seed {seed}: no token in '{text}'")
            }
        }
        // Listed tokens are accepted: all of them now and then, else a few.
        let check_all = steps % 4 == 0;
        let sample = if check_all {
            legal.len()
        } else {
            2.min(legal.len())
        };
        for k in 0..sample {
            let t = if check_all {
                &legal[k]
            } else {
                &legal[rng.below(legal.len())]
            };
            let mut copy = st.clone();
            copy.apply(t)
                .unwrap_or_else(|e| panic!("seed {seed}: listed '{t}' refused in '{text}': {e}"));
        }
        // Unlisted tokens are refused and change nothing.
        let mut unlisted: Vec<String> = vec![junk[rng.below(junk.len())].to_string()];
        let a = Square(rng.below(64) as u8);
        let b = Square(rng.below(64) as u8);
        for kind in ["m", "f", "a", "adv"] {
            unlisted.push(format!("{kind}:{a}{b}"));
        }
        unlisted.push(format!("pick:{a}"));
        unlisted.push(format!("s:zap:{a}{b}"));
        unlisted.push(format!("d{}", rng.below(6) + 1));
        unlisted.push("end".into());
        unlisted.push("pass".into());
        for t in unlisted {
            if legal.contains(&t) {
                continue;
            }
            let mut copy = st.clone();
            assert!(
                copy.apply(&t).is_err(),
                "seed {seed}: unlisted '{t}' accepted in '{text}'"
            );
            assert_eq!(copy, st, "seed {seed}: refused '{t}' changed the state");
        }
        // Play: a random die, or a random token (ending the phase often).
        let token = if legal.iter().any(|t| t == "end") && rng.below(4) == 0 {
            "end".to_string()
        } else {
            legal[rng.below(legal.len())].clone()
        };
        st.apply(&token)
            .unwrap_or_else(|e| panic!("seed {seed}: '{token}' refused in '{text}': {e}"));
        steps += 1;
        assert!(steps < 200_000, "seed {seed}: the game does not end");
    }
    (steps, st)
}

/// Plays the seeds' games; each range must see games won by killing a
/// general, drawn by the quiet-round rule, and won by total destruction.
fn random_games(range: std::ops::Range<u64>) {
    let (mut general, mut quiet, mut destruction) = (0, 0, 0);
    for seed in range {
        let (_, end) = random_game_end(seed, &mut Vec::new());
        match end.outcome() {
            Some(Outcome::Win { reason, .. }) if reason.contains("general") => general += 1,
            Some(Outcome::Win { reason, .. }) if reason.contains("destruction") => destruction += 1,
            Some(Outcome::Draw { reason }) if reason.contains("10 rounds") => quiet += 1,
            _ => {}
        }
    }
    assert!(general > 0 && quiet > 0 && destruction > 0);
}

/// Mangled state strings are refused with a one-line message or read as
/// some state, which then prints a string that reads back; never a panic.
#[test]
fn mangled_state_strings_never_panic() {
    let mut texts = Vec::new();
    for seed in 5000..5060 {
        random_game_end(seed, &mut texts);
    }
    let alphabet: Vec<char> = "0123456789abcdefghkpqrnbKQRBNPmxost+w()/;,:- "
        .chars()
        .collect();
    let mut rng = Lcg(77);
    let (mut read, mut refused) = (0, 0);
    for text in &texts {
        for _ in 0..8 {
            let mut chars: Vec<char> = text.chars().collect();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(chars.len());
                match rng.below(3) {
                    0 => {
                        chars.remove(i);
                    }
                    1 => chars[i] = alphabet[rng.below(alphabet.len())],
                    _ => chars.insert(i, alphabet[rng.below(alphabet.len())]),
                }
            }
            let mangled: String = chars.into_iter().collect();
            match mangled.parse::<State>() {
                Err(e) => {
                    let e = e.to_string();
                    assert!(!e.is_empty() && !e.contains('\n'), "{mangled}: {e}");
                    refused += 1;
                }
                Ok(st) => {
                    read += 1;
                    let printed = st.to_string();
                    let again: State = printed
                        .parse()
                        .unwrap_or_else(|e| panic!("'{mangled}' printed '{printed}': {e}"));
                    assert_eq!(again.to_string(), printed);
                    let _ = st.to_act();
                    if let Some(t) = st.legal_tokens().first() {
                        let mut copy = st.clone();
                        copy.apply(t)
                            .unwrap_or_else(|e| panic!("'{printed}': listed '{t}': {e}"));
                    }
                }
            }
        }
    }
    assert!(read > 0 && refused > 0);
}

#[test]
fn random_games_0() {
    random_games(0..500);
}

#[test]
fn random_games_1() {
    random_games(500..1000);
}

#[test]
fn random_games_2() {
    random_games(1000..1500);
}

#[test]
fn random_games_3() {
    random_games(1500..2000);
}

// ---------------------------------------------------------------------------
// State strings with pending steps.
// ---------------------------------------------------------------------------

/// A square for a random pending step: half the time one holding a unit,
/// else any square.
fn random_step_square(rng: &mut Lcg, st: &State) -> String {
    let units = st.units();
    if !units.is_empty() && rng.below(2) == 0 {
        units[rng.below(units.len())].0.to_string()
    } else {
        Square(rng.below(64) as u8).to_string()
    }
}

/// A random pending step of any kind the state string has, in its text
/// form, with squares, sides and numbers drawn at random (see the grammar
/// in `src/chesswar/state_text.rs`).
fn random_step(rng: &mut Lcg, st: &State) -> String {
    let sq = |rng: &mut Lcg| random_step_square(rng, st);
    let side = |rng: &mut Lcg| ["w", "b"][rng.below(2)].to_string();
    let modifier = |rng: &mut Lcg| (rng.below(5) as i32 - 2).to_string();
    let effect = |rng: &mut Lcg| {
        let effects = ["kill", "mkill", "rout", "plague", "scare", "fright", "balk"];
        if rng.below(8) == 0 {
            format!("fly{}", Square(rng.below(64) as u8))
        } else {
            effects[rng.below(effects.len())].to_string()
        }
    };
    match rng.below(32) {
        0 => format!(
            "stupid({},{},{})",
            sq(rng),
            ["m", "f"][rng.below(2)],
            sq(rng)
        ),
        1 => format!("save({},{},{})", sq(rng), modifier(rng), effect(rng)),
        2 => format!(
            "hit({},{},{},{})",
            sq(rng),
            1 + rng.below(7),
            modifier(rng),
            ["s", "-"][rng.below(2)]
        ),
        3 => format!("spill({},{})", modifier(rng), sq(rng)),
        4 => format!("spillpick({},{},{})", modifier(rng), sq(rng), sq(rng)),
        5 => format!(
            "scatter({},{},{},{},{},{})",
            side(rng),
            sq(rng),
            rng.below(5) as i32 - 2,
            rng.below(5) as i32 - 2,
            1 + rng.below(2),
            ["catapult", "fearcatapult", "rocks"][rng.below(3)]
        ),
        6 => format!("melee({},{})", sq(rng), sq(rng)),
        7 => format!("magic({})", sq(rng)),
        8 | 9 => format!("regen({},{})", sq(rng), side(rng)),
        10 => format!("pick({})", sq(rng)),
        11 => format!("advance({})", sq(rng)),
        12 => format!("healwin({},{},{})", sq(rng), modifier(rng), effect(rng)),
        13 | 14 => format!("raisewin({},{},{})", sq(rng), side(rng), rng.below(2)),
        15 => format!("dispelwin({},{})", side(rng), sq(rng)),
        16 => "protwin".to_string(),
        17 => format!("hitwin({})", sq(rng)),
        18 => format!("fail({},{})", sq(rng), effect(rng)),
        19 => format!("move({},{})", sq(rng), sq(rng)),
        20 => {
            let legal = st.legal_tokens();
            let token = if legal.is_empty() || rng.below(3) == 0 {
                ["end", "m:e2e3", "f:c1c5", "a:d4d5"][rng.below(4)].to_string()
            } else {
                legal[rng.below(legal.len())].clone()
            };
            format!("do({token})")
        }
        21 | 22 => format!("zombie({},{})", sq(rng), side(rng)),
        23 => ["check", "endturn", "dispel"][rng.below(3)].to_string(),
        24 => {
            let name = ["zap", "storm", "protect", "fear", "plague", "strike"][rng.below(6)];
            format!("{name}({})", sq(rng))
        }
        25 => format!(
            "{}({},{})",
            ["fly", "flyfoe"][rng.below(2)],
            sq(rng),
            sq(rng)
        ),
        26 => format!("heal({},{},{})", sq(rng), modifier(rng), effect(rng)),
        _ => format!("raise({},{},{})", sq(rng), side(rng), side(rng)),
    }
}

/// A state some game reaches: two armies (standard or random) of random
/// races, standard or lengthened game, after a few random tokens.
fn random_reached_state(rng: &mut Lcg) -> State {
    let wr = Race::ALL[rng.below(6)];
    let br = Race::ALL[rng.below(6)];
    let options = GameOptions {
        budget: None,
        lengthened: rng.below(4) == 0,
    };
    let (w, b) = if rng.below(2) == 0 {
        (
            Army::standard(wr, Side::White),
            Army::standard(br, Side::Black),
        )
    } else {
        (
            random_army(rng, wr, Side::White),
            random_army(rng, br, Side::Black),
        )
    };
    let mut st = State::from_armies(&w, &b, &options).expect("valid armies");
    for _ in 0..rng.below(100) {
        let legal = st.legal_tokens();
        if legal.is_empty() {
            break;
        }
        let token = if legal.iter().any(|t| t == "end") && rng.below(4) == 0 {
            "end".to_string()
        } else {
            legal[rng.below(legal.len())].clone()
        };
        st.apply(&token).expect("a listed token is accepted");
    }
    st
}

/// Why `st`'s state string does not stand: it is refused, or it reads as
/// a state that prints another string.
fn round_trip_fault(st: &State) -> Option<String> {
    let printed = st.to_string();
    match printed.parse::<State>() {
        Err(e) => Some(format!("'{printed}' is refused: {e}")),
        Ok(back) if back.to_string() != printed => {
            Some(format!("'{printed}' reads back as '{back}'"))
        }
        Ok(_) => None,
    }
}

/// Every state string with pending steps that is accepted leads, however
/// its steps resolve and the game goes on, only to states whose strings
/// read back: random pending steps of every kind (and Trolls waiting to
/// regenerate) put into states games reach, each accepted one played on
/// by random listed tokens for a while.
#[test]
fn accepted_pending_steps_lead_only_to_states_that_read_back() {
    let mut rng = Lcg(0x5EED_57A7E);
    let (mut accepted, mut failures) = (0, Vec::new());
    for _ in 0..600 {
        let base = random_reached_state(&mut rng);
        if base.outcome().is_some() {
            continue;
        }
        let mut fields: Vec<String> = base.to_string().split(' ').map(String::from).collect();
        let steps: Vec<String> = (0..1 + rng.below(3))
            .map(|_| random_step(&mut rng, &base))
            .collect();
        fields[9] = steps.join(";");
        if rng.below(5) == 0 {
            let regen: Vec<String> = (0..1 + rng.below(2))
                .map(|_| {
                    let c = ["R", "r"][rng.below(2)];
                    format!("{}{c}", Square(rng.below(64) as u8))
                })
                .collect();
            fields[7] = regen.join(",");
        }
        let text = fields.join(" ");
        let Ok(mut st) = text.parse::<State>() else {
            continue;
        };
        accepted += 1;
        for _ in 0..60 {
            if let Some(fault) = round_trip_fault(&st) {
                failures.push(format!("from '{text}': {fault}"));
                break;
            }
            let legal = st.legal_tokens();
            if legal.is_empty() {
                break;
            }
            let token = if legal.iter().any(|t| t == "end") && rng.below(3) == 0 {
                "end".to_string()
            } else {
                legal[rng.below(legal.len())].clone()
            };
            st.apply(&token)
                .unwrap_or_else(|e| panic!("'{st}': listed '{token}' refused: {e}"));
        }
    }
    assert!(accepted >= 200, "only {accepted} states accepted");
    assert!(
        failures.is_empty(),
        "{} of {accepted} accepted states lead to a state string that does not read back; first: {}",
        failures.len(),
        failures[..failures.len().min(3)].join(" | ")
    );
}
