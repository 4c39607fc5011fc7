# Senet Online — English, the source language. Every other catalogue has
# exactly these messages and attributes (test/unit/i18n.test.js and the
# server's tests check it).
#
# Arguments: numbers are passed as numbers (plurals and digits follow the
# language); $piece is the rule set's kind of piece, "piece" or "pawn".

## The page around every view (index.html, rendered by the server)

page-title = Senet Online
page-description =
    .content = Play Senet, the race game of ancient Egypt, with a friend in your browser.
page-skip = Skip to the game
page-brand =
    .aria-label = Senet Online, home
page-nav =
    .aria-label = Pages
nav-rules = Rules
nav-games = Games
nav-leaderboard = Leaderboards
nav-account = Account
page-language = Language
page-loading = Loading…
page-noscript = Senet Online needs JavaScript to play.
page-footer = Six rule sets, two to four players. The server draws every chance (sticks and dice); nobody can see a throw in advance.
dialog-sure = Are you sure?
dialog-cancel = Cancel
dialog-yes = Yes
page-not-found = Page not found
page-not-found-home = Go to the home page

## Rule sets and their special squares, as the engine names them (senet_engine::RuleSetId::description):
## rule-set-<id> and its .summary; square-<id>-<number> and its .effect; colour-<name>.

rule-set-kendall = Classic Senet (Kendall)
    .summary = The classic game for two, with five pieces each and four throwing sticks. Every piece must stop on the House of Happiness (square 26) on its way, and the last squares need an exact throw to leave the board.
rule-set-kendall-7 = Classic Senet, seven pieces
    .summary = The classic game with seven pieces each. First both players throw until one throws a 1, which decides the colours; squares 15, 26, 28 and 29 keep a piece safe.
rule-set-jequier = Jequier's Senet
    .summary = A careful game for two that throws 1, 2, 3, 4 or 6. Three pieces in a row make a wall nobody may pass, a piece that cannot go forward must go back, and a match is scored over several games.
rule-set-simple = Quick Senet
    .summary = A lighter game for two: count the dark sides of the sticks, and none dark is a 6. Pieces never have to stop on the way and never move backwards.
rule-set-peril = Path of Peril
    .summary = A fast party game for two with one die. Bring your pawns onto the board, get past the traps on the last five squares, and win by getting a single pawn out.
rule-set-modern = Senet for 2 to 4 players
    .summary = For two to four players with two dice: move one piece by their sum or two pieces one die each. Pieces score their dots when they leave, and the game ends when someone has three pieces out.

square-kendall-15 = House of Rebirth
    .effect = Where a piece from the House of Water goes.
square-kendall-26 = House of Happiness
    .effect = Mandatory stop: no move may jump from below 26 to beyond 26.
square-kendall-27 = House of Water
    .effect = A piece that lands here goes at once to 15, or, if 15 is taken, to the highest empty square below 15; no piece rests here.
square-kendall-28 = House of Three Truths
    .effect = Protected; bears off with exactly 3.
square-kendall-29 = House of Re-Atoum
    .effect = Protected; bears off with exactly 2.
square-kendall-30 = House of Horus
    .effect = Bears off with exactly 1; not protected by itself.
square-kendall-7-15 = House of Rebirth
    .effect = Safe house: a piece here cannot be captured. The opening 1 moves Spool's piece from 14 here, and the House of Water sends pieces here.
square-kendall-7-26 = House of Happiness
    .effect = Safe house; mandatory stop: no move may jump from below 26 to beyond 26.
square-kendall-7-27 = House of Water
    .effect = A piece that lands here goes at once to 15, or, if 15 is taken, to the highest empty square below 15; no piece rests here.
square-kendall-7-28 = House of Three Truths
    .effect = Safe house; bears off with exactly 3.
square-kendall-7-29 = House of Re-Atoum
    .effect = Safe house; bears off with exactly 2.
square-kendall-7-30 = House of Horus
    .effect = Bears off with exactly 1; not protected by itself.
square-jequier-26 = Refuge
    .effect = Protected: a piece here cannot be landed on.
square-jequier-27 = House of Water
    .effect = A piece that lands here, in any way, goes back to square 1, or to the lowest empty square if 1 is taken, and starts again.
square-jequier-28 = Refuge
    .effect = Protected: a piece here cannot be landed on.
square-jequier-29 = Refuge
    .effect = Protected: a piece here cannot be landed on.
square-jequier-30 = Refuge
    .effect = Protected. A piece landing here leaves the board once all its side's pieces are in row 3 (21-30); until then it waits here, and then leaves with any throw.
square-simple-26 = Safe square
    .effect = A piece here is defended: it cannot be captured.
square-simple-27 = Water
    .effect = A piece that lands here goes back to 15, or, if 15 is taken, to the nearest empty square below it.
square-simple-28 = Safe square
    .effect = Defended; a piece here bears off only with exactly 3.
square-simple-29 = Safe square
    .effect = Defended; a piece here bears off only with exactly 2.
square-peril-15 = Ankh of Rebirth
    .effect = The player places a pawn from their reserve on an empty square of their choice among 1, 2 and 3, if there is one.
square-peril-26 = Vulture's Perch
    .effect = The die is rolled: on 1-4 the player removes one of their own pawns from the game, on 5-6 one of the opponent's.
square-peril-27 = River of Oblivion
    .effect = Every pawn on the board is swept back, from 30 down, each by a roll to 1, 2 or 3, or to its reserve if all three are taken.
square-peril-28 = Trial of the Three Gods
    .effect = The die is rolled: a 3 wins at once; otherwise the pawn goes to the rolled square, capturing an opponent there.
square-peril-29 = Eye of Judgment
    .effect = The pawn is removed from the game.
square-peril-30 = Gates of Aaru
    .effect = A pawn waiting here wins with a 6 at the start of a later turn of its player; it can be captured while it waits.
square-modern-1 = Sun
    .effect = The start, where captured pieces return; a piece already on the Sun then leaves the game for good.
square-modern-26 = Moon
    .effect = A piece that stops here goes back to the Sun.
square-modern-27 = Bird
    .effect = A piece that stops here goes back to 15, or, if 15 is taken, to the nearest empty square below it; with none empty the move is illegal.
square-modern-28 = Safe square
    .effect = A piece that starts its move outside 26-30 may not land on a piece here; with a piece on 28-30 a player must move one of them if it can.
square-modern-29 = Safe square
    .effect = A piece that starts its move outside 26-30 may not land on a piece here; with a piece on 28-30 a player must move one of them if it can.
square-modern-30 = Safe square
    .effect = A piece that starts its move outside 26-30 may not land on a piece here; one step past 30 is the goal, where a piece is borne off.

colour-cone = Cone
colour-spool = Spool
colour-white = White
colour-black = Black
colour-p1 = P1
colour-p2 = P2
colour-p3 = P3
colour-p4 = P4

## The words that describe the game (src/logic/describe.js, src/logic/reasons.js):
## what happened, what a player may choose, throws, results, and why a move is refused.
##
## Arguments of the sentences about a seat:
##   $me     "yes" when the seat is the reader's own (said in the second person), else "no"
##   $name   the seat's name ("Tiye", "Intermediate computer")
##   $piece  the rule set's kind of piece: "piece" or "pawn"
##   $dots   a piece's value (its dots), 0 when pieces have none
## Places ($from, $to, $square in options) are words-square…words-out-of-game below,
## as the sentence takes them ("square 9", "the reserve").

## Places, colours, owners

words-square = square { $square }
# $name: the special square's name ("House of Water").
words-square-special = square { $square } ({ $name })
words-reserve = the reserve
words-off-board = off the board
words-out-of-game = out of the game
# Before a noun: "Tiye's".
words-possessive = { $name }'s
# A seat's colour before the colours are dealt.
words-colour-undealt = not dealt yet
words-colour-number = colour { $number }

## What happened to a piece: one sentence per event

event-move =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } moves from { $from } to { $to }.
event-backward =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } moves backward from { $from } to { $to }.
event-swapped =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } is swapped back from { $from } to { $to }.
event-sent-home =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } is sent home from { $from } to { $to }.
event-captured =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } is captured from { $from } to { $to }.
event-water =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } is washed away from { $from } to { $to }.
# A special square moves the piece.
event-effect =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } is moved by the square from { $from } to { $to }.
event-borne-off =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } is borne off from { $from }.
# Overshooting the end, the piece bounces back.
event-bounced =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } bounces back from { $from } to { $to }.
# From the reserve onto the board.
event-entered =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } enters on { $to }.
event-removed =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } on { $from } is removed from the game.
# The opening move a rule set makes for a seat.
event-opening =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } opens from { $from } to { $to }.
# A kind of event this page does not know yet; $why is the server's word for it.
event-other =
    { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    } goes from { $from } to { $to } ({ $why }).

## What happened to a seat

# $colour: the colour's name ("Cone").
event-colour =
    { $me ->
        [yes] You play { $colour }.
       *[other] { $name } plays { $colour }.
    }
event-pass =
    { $me ->
        [yes] You cannot move: the turn passes.
       *[other] { $name } cannot move: the turn passes.
    }
event-again =
    { $me ->
        [yes] You throw again.
       *[other] { $name } throws again.
    }
event-out =
    { $me ->
        [yes] You are out of the game.
       *[other] { $name } is out of the game.
    }

## A step's effect, short, on the board. $square: the square the piece was on, 0 when none.

event-short-borne-off =
    Borne off! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}from square { $square }
    }
event-short-water =
    Into the water! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-removed =
    Removed! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-captured =
    Captured! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-sent-home =
    Sent home! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-swapped =
    Swapped! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-backward =
    Backward! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-bounced =
    Bounced back! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }
event-short-effect =
    Moved by the square! { $me ->
        [yes] Your { $piece ->
            [pawn] pawn
           *[other] piece
        }
       *[other] { $name }'s { $piece ->
            [pawn] pawn
           *[other] piece
        }
    }{ $square ->
        [0] {""}
       *[other] {" "}on square { $square }
    }

## A step of the record, before its events. $roll: roll-… below.

step-resigned =
    { $me ->
        [yes] You resigned.
       *[other] { $name } resigned.
    }
step-timed-out =
    { $me ->
        [yes] You ran out of time.
       *[other] { $name } ran out of time.
    }
step-left =
    { $me ->
        [yes] You left the game.
       *[other] { $name } left the game.
    }
# A throw that is nobody's (the lot that deals the colours).
step-chance = Chance: { $roll }.
step-threw =
    { $me ->
        [yes] You threw: { $roll }.
       *[other] { $name } threw: { $roll }.
    }
# $choice: an option (option-… below), its first letter in lower case.
step-decided =
    { $me ->
        [yes] You: { $choice }.
       *[other] { $name }: { $choice }.
    }

## Options, before one is chosen: buttons and the record. $from, $to, $square: places.

option-move =
    Move the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $from }
option-move-to =
    Move the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $from } to { $to }
option-move-sum =
    Move the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $from } by the sum of both dice
option-move-sum-to =
    Move the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $from } by the sum of both dice to { $to }
# $pips: the number the die shows.
option-move-die =
    Move the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $from } by the die showing { $pips }
option-move-die-to =
    Move the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $from } by the die showing { $pips } to { $to }
option-enter =
    Enter a { $piece ->
        [pawn] pawn
       *[other] piece
    } from the reserve on { $to }
option-place =
    Place a { $piece ->
        [pawn] pawn
       *[other] piece
    } from the reserve on { $to }
option-remove =
    Remove the { $piece ->
        [pawn] pawn
       *[other] piece
    } on { $square }
option-roll =
    { $count ->
        [one] Roll one die
       *[other] Roll { $count } dice
    }
option-choose = Choose

## Throws. $side: the side of the sticks that counts, "light" or "dark"; $up: how many show it.

roll-counted =
    { $up ->
        [0] no { $side ->
            [light] light
           *[other] dark
        } side up
        [one] { $up } { $side ->
            [light] light
           *[other] dark
        } side up
       *[other] { $up } { $side ->
            [light] light
           *[other] dark
        } sides up
    }
# …and what the throw is worth: $squares.
roll-counted-worth =
    { $up ->
        [0] no { $side ->
            [light] light
           *[other] dark
        } side up
        [one] { $up } { $side ->
            [light] light
           *[other] dark
        } side up
       *[other] { $up } { $side ->
            [light] light
           *[other] dark
        } sides up
    }, a { $squares }
roll-die = a { $pip }
roll-dice = { $first } and { $second }
# The lot that decides who plays first; $seat: 1, 2…
roll-lot = the lot for seat { $seat }
roll-move =
    { $count ->
        [one] move { $count } square
       *[other] move { $count } squares
    }
# Two dice: one piece by their sum ($sum), or two pieces by one die each.
roll-move-dice = one piece { $sum } squares, or two pieces { $first } and { $second }

## Results. $name: the winner; $me: "yes" when the reader won and is told so ("You win");
## $others (who lost, in no-pawns and abandoned): "you", "opponent" (between two) or "others".

standing-over = The game is over
standing-borne-off =
    { $me ->
        [yes] You win, bearing off every piece
       *[other] { $name } won, bearing off every piece
    }
standing-gates =
    { $me ->
        [yes] You win, through the Gates of Aaru
       *[other] { $name } won, through the Gates of Aaru
    }
standing-trial =
    { $me ->
        [yes] You win, by the Trial of the Three Gods
       *[other] { $name } won, by the Trial of the Three Gods
    }
standing-no-pawns =
    { $me ->
        [yes] You win, { $others ->
            [you] you ran out of pawns
            [opponent] the opponent ran out of pawns
           *[other] the others ran out of pawns
        }
       *[other] { $name } won, { $others ->
            [you] you ran out of pawns
            [opponent] the opponent ran out of pawns
           *[other] the others ran out of pawns
        }
    }
standing-three-borne-off =
    { $me ->
        [yes] You win, bearing off three pieces
       *[other] { $name } won, bearing off three pieces
    }
standing-last-player =
    { $me ->
        [yes] You win, the last one in the game
       *[other] { $name } won, the last one in the game
    }
standing-resigned =
    { $me ->
        [yes] You win, by resignation
       *[other] { $name } won, by resignation
    }
standing-abandoned =
    { $me ->
        [yes] You win, { $others ->
            [you] you left the game
            [opponent] the opponent left the game
           *[other] the others left the game
        }
       *[other] { $name } won, { $others ->
            [you] you left the game
            [opponent] the opponent left the game
           *[other] the others left the game
        }
    }
standing-time =
    { $me ->
        [yes] You win, on time (a clock ran out)
       *[other] { $name } won, on time (a clock ran out)
    }
# An ending this page does not know yet; $how is the server's word for it.
standing-other =
    { $me ->
        [yes] You win, { $how }
       *[other] { $name } won, { $how }
    }
# A line of the final standing: $place 1, 2…
standing-place = { $place }. { $name }
standing-place-score =
    { $points ->
        [one] { $place }. { $name } · { $points } point
       *[other] { $place }. { $name } · { $points } points
    }

## Why the rules refuse a piece or a choice: one sentence per engine reason code.

reason-not-an-option = That is not one of the choices you have now.
reason-not-a-square = That is not a square of the board: squares are 1 to 30.
reason-no-piece-of-yours = None of your pieces stands on that square.
reason-must-stop-on-26 = This piece would jump over the House of Happiness (26): every piece must stop there first.
reason-overshoots = This throw would take the piece past the end of the board: a piece leaves only with the exact throw.
reason-blockade = Three or more of your opponent's pieces in a row block the way.
reason-own-piece-on-destination = One of your own pieces already stands where this one would land.
reason-protected-piece = The opponent's piece there is protected by its neighbour: it cannot be swapped or taken.
reason-no-empty-square-behind = No piece can move forward, and this one has no empty square behind it to move back to.
reason-no-legal-move = Nothing can move with this throw.
reason-must-move = A move is possible, so you must make one.
reason-past-the-end = This throw would take the piece past square 30: a piece leaves only by landing exactly on 30.
reason-needs-exact-throw = This piece leaves the board only with the exact throw.
# $first, $last: the rule set's last row (21 to 30); $first is 0 when the rule set names none.
reason-not-all-in-exit-row =
    { $first ->
        [0] A piece may leave only once all your pieces are in the last row (the end of the board).
       *[other] A piece may leave only once all your pieces are in the last row ({ $first } to { $last }).
    }
reason-cannot-move-back = No piece can move forward, and this one cannot move back by the whole throw onto an empty square.
reason-first-move-from = Your first move must be made with the piece the rules name for it.
reason-no-pawn-of-yours = None of your pawns stands on that square.
reason-past-30 = This roll would take the pawn past square 30: a pawn must land on 30 exactly.
reason-own-pawn = One of your own pawns already stands where this one would land.
reason-no-summon = This roll cannot bring a pawn in from your reserve: move a pawn on the board.
reason-summon-square = A pawn brought in with this roll comes in on another square.
reason-empty-reserve = Your reserve is empty: there is no pawn to bring in.
reason-square-taken = That square is taken.
reason-ankh-square = The Ankh cannot put a pawn on that square.
reason-vulture-target = The Vulture cannot take a pawn on that square with this roll.
reason-wrong-dice = The dice cannot be used that way now.
reason-moved-already = This piece already moved with the other die this turn: move a different piece.
reason-own-piece = One of your own pieces already stands where this one would land.
reason-safe = The piece there is safe from this one.
reason-bird-full = The Bird has no empty square to send the piece back to.
reason-must-move-28-30 = One of your pieces on 28 to 30 can move, so you must move one of those.

## Names, the room's headline, results, server errors, durations and clocks
## (src/logic: format.js, clock.js, decision-time.js, fair.js, identity.js,
## replay-logic.js). Clock digits (4:07, 9.4) are not messages: they are
## written the same in every language.

## Seats and computer players

format-you = You
# A seat nobody sits in, before its colour is dealt.
format-seat = Seat { $number }

computer-level-beginner = Beginner
    .blurb = plays by feel
computer-level-intermediate = Intermediate
    .blurb = takes the best-looking move
computer-level-expert = Expert
    .blurb = thinks throws ahead
# A computer seat's name everywhere (room, games list, replay). $level is the
# level's code: beginner, intermediate or expert (anything else: as sent).
computer-name = { $level ->
    [beginner] Beginner computer
    [intermediate] Intermediate computer
    [expert] Expert computer
   *[other] { $level } computer
}
# Two computers of one level at a table, numbered by seat: "Expert computer 2".
computer-name-numbered = { $name } { $nth }

## The room's headline: whose turn it is and what to do

status-waiting = Waiting for { $count } more { $count ->
    [one] player
   *[other] players
} to join…
# Nobody acts: the rules draw lots.
status-drawing = The rules are drawing…
# $me: "yes" when the reader must throw; $chance: sticks, die, two_dice or lot.
status-throw = { $me ->
    [yes] { $chance ->
        [sticks] Your turn: throw the sticks.
        [die] Your turn: roll the die.
       *[other] Your turn: roll the dice.
    }
   *[no] { $chance ->
        [sticks] { $name } is about to throw the sticks.
        [die] { $name } is about to roll the die.
       *[other] { $name } is about to roll the dice.
    }
}
# $rolled: "yes" with $roll, the last throw in words ("3 and 5").
status-choose = { $me ->
    [yes] { $rolled ->
        [yes] Your choice ({ $roll }): pick a glowing { $piece ->
            [pawn] pawn
           *[other] piece
        } or square, or an option below.
       *[no] Your choice: pick a glowing { $piece ->
            [pawn] pawn
           *[other] piece
        } or square, or an option below.
    }
   *[no] { $rolled ->
        [yes] { $name } is choosing ({ $roll }).
       *[no] { $name } is choosing.
    }
}

## Results (the standing's words are describe.js's: standing-*)

result-over = The game is over.
# $head: who won and how, from the standing-* messages ("You win, by resignation").
result-sentence = { $head }.

## Server errors (the error codes of docs/protocol.md)

error-bad-json = The server could not read a message from this page. Please reload.
error-not-understood = The server did not understand a message from this page. Please reload.
error-unsupported-version = This page is out of date for the server. Please reload.
error-frame-too-large = A message from this page was too large for the server.
error-not-a-player = You are watching this game, so you cannot play in it.
error-game-not-started = The game has not started yet: it is waiting for a second player.
error-not-your-turn = It is not your turn yet.
error-must-throw-first = Throw the sticks before moving a piece.
error-must-move-first = You have already thrown: move a piece first.
error-illegal-move = That move is not allowed.
# $reason: the rules' reason, a sentence of this page's.
error-illegal-move-reason = That move is not allowed. { $reason }
# $detail: the server's own explanation, in English (a translation may leave it out).
error-illegal-move-detail = That move is not allowed: { $detail }.
error-game-over = The game is already over.
error-game-not-over = A rematch can only be arranged once the game is over.
error-no-rematch-offer = There is no rematch offer to answer any more.
error-not-abandoned = You cannot claim the win yet.
# $detail: the server's own explanation, in English (a translation may leave it out).
error-not-abandoned-detail = You cannot claim the win yet: { $detail }.
error-storage = The server could not save that action. Nothing changed; please try again.
error-room-moved = The game moved to another server. Nothing changed; reconnecting…
error-missing-token = You need a player name first.
error-invalid-token = The server no longer knows your saved player. Choose your name again.
error-invalid-display-name = Names may have 1–32 letters, digits, single spaces and _ - . '
error-room-not-found = There is no room at this address. The link may be mistyped.
error-game-not-found = That game could not be found.
error-unknown-rule-set = The server does not know that rule set.
error-unknown-computer-level = The server does not know that computer level.
error-unavailable = The server is temporarily unavailable. Please try again in a moment.
error-internal = Something went wrong on the server. Please try again.
error-rate-limited = Too many attempts. Please wait a little and try again.
error-wrong-credentials = The username or the password is wrong.
error-username-taken = That username, or one that looks like it, is taken. Please choose another.
error-already-registered = This player already has an account: log in instead.
error-no-account = This player has no account yet: sign up first.
error-rated-needs-account = Rated games are for players with an account: sign up first.
error-rated-needs-clock = A rated game needs a clock: choose a time control.
error-rated-needs-people = Games against the computer are never rated.
error-player-not-found = There is no such player.
error-unknown-pool = There is no such rating list.
error-bad-origin = The server refused this page because it was opened from a different address. Open the game from the server's own address.
error-network = The server cannot be reached. Check your connection and try again.
# An error code this page does not know: $detail is the server's own message (English).
error-refused-detail = The server refused: { $detail }
error-refused = The server refused ({ $code }).
# An HTTP failure without an error code of the API ($status: 404, 502, …).
error-http = The server answered with an error ({ $status }).

## Why the connection closed

format-close-restarting = The server is restarting.
format-close-slow = This page fell behind the game; it will catch up when it reconnects.
format-close-too-many = The server closed the connection because this page sent too many messages.
format-close-too-large = The server closed the connection because a message was too large.
format-close-room-stopped = The room stopped unexpectedly on the server.
format-close-moved = The game moved to another server; reconnecting.
format-close-signed-out = You were signed out (a log-out or a password change, on this device or another). Sign in again to play; reload the page to watch.

## Durations ("13 s", "4 min 05 s", "1 h 02 min"); $min and $s after a
## larger unit come with a leading zero.

format-duration-tenths = { NUMBER($s, minimumFractionDigits: 1, maximumFractionDigits: 1) } s
format-duration-s = { $s } s
format-duration-min = { $min } min
format-duration-min-s = { $min } min { $s } s
format-duration-h-min = { $h } h { $min } min

## Player names (checked as the server does)

format-name-empty = Please enter a name.
format-name-too-long = Names may have at most { $max } characters.
format-name-spaces = Use single spaces between words, none at the ends.
format-name-characters = Use letters, digits, spaces and _ - . ' only.

## Clocks and time controls

clock-none = No clock
clock-control-minutes = { $minutes } min + { $increment } s
clock-control-seconds = { $seconds } s + { $increment } s
clock-control-move = { $seconds } s a move
clock-label = Clock
clock-note = With a clock, a player whose time runs out loses (or, with more players, is out).
clock-list = Clocks
clock-list-control = Clocks: { $control }
# A decision's time in the replay's step list: "Time taken: 2.4 s".
clock-think-title = Time taken: { $time }
# Said by screen readers before the time ("took 2.4 s").
clock-think-took = took

## Provably fair chance, checked in the browser (the replay)

fair-before = This game is from before provably fair chance.
fair-not-revealed = The seed is revealed when the game is over.
fair-malformed = The revealed seed is malformed.
fair-mismatch = The revealed seed does not match the commitment shown before the game.
# $shown and $expected are outcome codes (LDLL, d4, d3d5, lot1).
fair-step-differs = Step { $step } shows { $shown }, but the seeds give { $expected }.
fair-verified = { $count ->
    [0] There are no chance steps to verify.
    [one] The one chance step verified against the revealed seed.
   *[other] All { $count } chance steps verified against the revealed seed.
}

## The room page (draw/room-page.js, room/*.js, pages/room.js), the board
## and trays (draw/board.js) and the chance drawing (draw/chance.js).
## $piece is the rule set's kind of piece, "piece" or "pawn".

## Hints under the board

room-preview-hint-touch = Tap a marked square to move there, or tap a glowing { $piece ->
        [pawn] pawn
       *[other] piece
    } to see what it does and tap it again to play.
room-preview-hint-mouse = Hover or focus a glowing { $piece ->
        [pawn] pawn
       *[other] piece
    } or square to see what it does; click it or press Enter to play.
room-tap-again = Tap it again, or its destination, to play.

## Seat cards

room-badge-to-play = to play
room-badge-winner = winner
# A finishing place after the winner: "2.", "3."
room-badge-place = { $place }.
room-badge-out = out
room-seat-open = Open seat
room-seat-waiting = waiting for someone to join
# How a computer seat of a level we do not know plays, under its name.
room-computer-blurb = plays by itself
# $rating: the player's rating, already written out ("1500", "1500?").
room-seat-rating = rated { $rating }
room-seat-online = online
room-seat-offline = offline
# After a player's name on their own card.
room-seat-you = (you)
# A seat card read aloud: "Tiye (you), Cone, to play".
# $me, $active, $out: "yes" or "no".
room-seat-label = { $me ->
        [yes] { $name } (you), { $colour }
       *[other] { $name }, { $colour }
    }{ $active ->
        [yes] , to play
       *[other] {""}
    }{ $out ->
        [yes] , out
       *[other] {""}
    }

## The throw panel

room-chance-label = Chance
room-thrower-rules = Drawn by the rules
# Who made the last throw (dice too): $me "yes" or "no".
room-thrower = { $me ->
        [yes] You threw
       *[other] { $name } threw
    }
# Before the throw's number: "Tiye threw:".
room-throw-who = { $who }:
# How the rules counted a throw of the sticks and how far it moves:
# "3 dark sides up — move 3 squares".
room-throw-how = { $counted } — { $move }
room-no-throw-yet = Nobody has thrown yet.
room-throw-choose = Now choose below
room-throw-wait = Wait for your turn
room-auto-forced = Play forced moves for me
room-sounds = Sounds
room-your-choice = Your choice
# After "Your choice": how many options are shown of all.
room-choice-count = ({ $shown } of { $total }):
room-show-all-options = Show every option

## Resign, claim the win, rematch

room-actions-label = Game actions
room-claim-left = { $name } left the game.
# $ago: a short duration, "13 s", "4 min".
room-claim-left-ago = { $name } left the game { $ago } ago.
# $many: "yes" when more than two play (the one away is put out).
room-claim-later = Once they have been away past the reconnect time you may { $many ->
        [yes] put them out
       *[other] claim the win
    }.
# $time: the countdown, "1:47".
room-claim-in = You may { $many ->
        [yes] put them out
       *[other] claim the win
    } in { $time } if they do not come back.
room-claim-now = You may { $many ->
        [yes] put them out
       *[other] claim the win
    } now.
room-claim-win = Claim the win
room-resign = Resign
room-rematch-asked = You asked for a rematch. Waiting for the others…
# $names: a list, "Tiye and Amenhotep"; $count: how many.
room-rematch-wanted = { $names } { $count ->
        [one] asks
       *[other] ask
    } for a rematch (seats rotate).
room-rematch-declined = The rematch was declined.
room-rematch-accept = Accept the rematch
room-rematch-offer = Offer a rematch
room-rematch-decline = Decline
room-new-game = New game

## The record and the how-to-play panel

room-record = Record
room-record-label = Steps, newest first
room-record-empty = No steps yet.
room-help-title = How to play: { $ruleSet }
room-help-rules = Read the full rules

## Inviting

room-invite-label = Invite
room-invite-title = { $open ->
        [one] Invite your opponent
       *[other] Invite { $open } players
    }
room-invite-text = Send this link to friends. The game starts as soon as every seat is taken.
room-invite-link-label = Invite link
room-invite-copy = Copy link
room-invite-public = This room is public: it is also listed on the home page for anyone to join.
room-invite-private = This room is private: only people with the link can join.
room-invite-rated = Its games are rated: only players with an account can take a seat.

## The result

# $scores: each player with their points, "Tiye 5 · Amenhotep 3".
room-series = Series: { $scores }
room-series-someone = a player
room-result-game = Game { $game } · { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
    }
room-replay-link = Replay it step by step
room-share = Copy the replay link

## The page

room-watching-title = You are watching this game.
room-watching-text = The board updates live; only the players can move.
room-spectators = { $count } watching
room-doc-title-over = Game over · Senet Online
room-doc-title-turn = Your turn · Senet Online
room-doc-title = Senet · Senet Online

## Joining a room (pages/room.js)

room-opening = Opening the room…
room-cannot-open = Cannot open this room
room-go-home = Go to the home page
# Who created a room whose creator has no name.
room-someone = Someone
room-join-title = { $creator } invites you to play Senet
# $ruleSet: the rule set's name; $rules: a link, room-join-rules-link.
room-join-rule-set = Rule set: { $ruleSet } ({ $rules }).
room-join-rules-link = rules
room-join-choose = Choose the name the others will see.
room-join-name = Your name
room-join-submit = Join the game
room-join-watch = Just watch
# $clock: the time control, as the clock words it.
room-join-clock = Clock: { $clock }. A player whose time runs out loses.

## Connection and messages (room/index.js, room/actions.js)

room-connecting = Connecting…
room-connected = Connected
room-connection-lost = Connection lost, reconnecting…
room-retrying = Retrying in { $seconds } s.
room-closed = Room closed
room-gone = This room no longer exists
room-out-of-time = { $name } ran out of time.
room-not-connected = Not connected right now: wait for the connection to come back, then try again.
room-wrong-origin = This server expects to be opened at { $expected }: open { $url } instead.
room-refused = The server keeps refusing the connection. If it goes on, your saved player may no longer be known: reload the page, or open the home page and choose your name again.
room-blocked-default = The rules allow it no move with this throw.
# $why: the rules' reason, a sentence.
room-blocked = That { $piece ->
        [pawn] pawn
       *[other] piece
    } cannot move now. { $why } The glowing { $piece ->
        [pawn] pawns
       *[other] pieces
    } and squares can be played.
room-copied-invite = Invite link copied. Send it to the other players!
room-copy-failed = Could not copy: select the link and copy it yourself.
room-copied-replay = Replay link copied.
room-copy-replay-failed = Could not copy; the link is { $link }
room-resign-title = Resign this game?
room-resign-text = { $many ->
        [yes] You are out of the game at once; the others play on. This cannot be undone.
       *[other] Your opponent wins at once. This cannot be undone.
    }
room-resign-yes = Resign
room-claim-title = Claim the win?
room-claim-text = The player to move has left. If they have been away long enough, the game is yours (or, with more players, they are out).
room-claim-yes = Claim the win

## The board (draw/board.js)

board-label = Senet board: squares 1 to { $squares } along an S-shaped path
# A square read aloud: "Square 27, House of Water: empty".
board-square = Square { $square }: { $occupant }
board-square-special = Square { $square }, { $special }: { $occupant }
board-empty = empty
# Whose piece stands on a square: "Tiye's piece (3 dots) (yours)".
# $dots: the piece's value (0: none); $mine: "yes" or "no".
board-occupant = { $owner }'s { $piece ->
        [pawn] pawn
       *[other] piece
    }{ $dots ->
        [0] {""}
        [one] {" "}(1 dot)
       *[other] {" "}({ $dots } dots)
    }{ $mine ->
        [yes] {" "}(yours)
       *[other] {""}
    }
# Several options on one square; $options: their sentences, joined by board-or.
board-options = { $count } options for { $square }: { $options }
board-or = Or:
board-tray-reserve = Reserve { $count }
board-tray-off = Off { $count }/{ $total }
board-tray-removed = Removed { $count }
board-tray-score = Score
# A tray read aloud: "Tiye (Cone): 0 borne off"; $parts: the board-tray-says-* joined.
board-tray-label = { $name } ({ $colour }): { $parts }
board-tray-says-reserve = { $count } in reserve
board-tray-says-off = { $count } borne off
board-tray-says-removed = { $count } removed
board-tray-says-score = score { $score }
board-tray-says-out = out of the game
# The short label drawn on a special square.
board-short-rebirth = Rebirth
board-short-happiness = Happiness
board-short-water = Water
board-short-three-truths = Three Truths
board-short-re-atoum = Re-Atoum
board-short-horus = Horus
board-short-refuge = Refuge
board-short-safe = Safe square
board-short-vulture = Vulture's Perch
board-short-river = River of Oblivion
board-short-three-gods = Three Gods
board-short-eye = Eye of Judgment
board-short-gates = Gates of Aaru
board-short-sun = Sun
board-short-moon = Moon
board-short-bird = Bird

## The chance (draw/chance.js)

chance-throw-sticks = Throw the sticks
chance-roll-die = Roll the die
chance-roll-dice = Roll the dice

## The room's talk: the chat panel (room/chat.js) and the replay's chat
## (pages/replay-chat.js), the clocks' names (room/clocks.js), the turn
## notification (room/notify.js) and the toasts about people (room/announce.js).

chat-title = Chat
chat-follow = Show spectator chat
chat-switch = Chat on in this room
chat-mutes =
    .aria-label = Mute players
chat-log =
    .aria-label = Chat messages
chat-phrases =
    .aria-label = Quick phrases
chat-input = Message
chat-input-players = Message to the players
chat-input-spectators = Message to the spectators
chat-send = Send
# Under the message box: characters typed / the most allowed.
chat-count = { $count } / { $max }
# After an author's name: the channel they wrote in.
chat-badge-player = player
chat-badge-spectator = spectator
# $name is another player's name; the button toggles (aria-pressed).
chat-mute = Mute { $name }
chat-off = Chat is off in this room.
chat-read-only = You are watching without a name: you can read the chat but not write.
chat-not-sent = Not connected right now: the message was not sent.

# Quick phrases: one tap sends these words, as if typed, in the sender's language.
chat-phrase-good-luck = Good luck
chat-phrase-well-played = Well played
chat-phrase-thanks = Thanks
chat-phrase-oops = Oops

# The server refused a message; $max is the most characters (280).
chat-refused = The message was refused.
chat-refused-empty = The message is empty.
chat-refused-too-long = Messages are limited to { $max } characters.
chat-refused-bad-text = A message is one line of text: no line breaks or tabs.
chat-refused-rate-limited = Too many messages at once: wait a few seconds.
chat-refused-off = Chat is off in this room.
chat-refused-not-allowed = You cannot do that in this chat.

# A replay's chat. $count: how many messages the spectators wrote.
chat-replay-follow = Show spectator chat ({ $count })
chat-replay-none = Nobody chatted during this game.
chat-replay-failed = The chat of this game could not be loaded.

## The clocks (room/clocks.js)

# A clock whose seat nobody holds; $number counts from 1.
clocks-seat = Seat { $number }

## "Your turn" as a browser notification (room/notify.js)

notify-switch = Notify me of my turn in another tab
notify-blocked = This browser blocks notifications from this site.
# The notification's title. $ruleSet is the rule set's name.
notify-turn = Your turn — { $ruleSet }
# $opponents: the other players' names, already a list ("Bob and Ann").
notify-turn-against = Your turn — { $ruleSet } vs { $opponents }

## Toasts about the people in the room (room/announce.js)

announce-joined = { $name } joined.
announce-someone-joined = Someone joined.
announce-disconnected = { $name } lost their connection.
announce-reconnected = { $name } is back.
announce-rematch-declined = The rematch was declined.

## Home page (pages/home.js, home-live.js): the new game form, open games, games being played.

home-title = Senet
home-lede = The race game of ancient Egypt, played for five thousand years. Choose a rule set, invite friends or play the computer.
home-new-title = Start a game
home-name = Your name
    .placeholder = e.g. Nefertari
home-rule-set = Rule set
# Links under each rule set's summary.
home-rule-set-rules = Rules
home-rule-set-learn = Learn to play
home-players = Players
# $count: how many players the room has.
home-players-count = { $count ->
    [one] { $count } player
   *[other] { $count } players
}
home-your-seat = Your seat
home-seat-random = Random
    .hint = let fate choose
# $seat: the seat's number (1, 2…).
home-seat = Seat { $seat }
# $colour: the seat's colour, as the rule set names it.
home-seat-coloured = Seat { $seat } · { $colour }
# $position: when the seat plays in each round (1 = first).
home-seat-order = { $position ->
    [1] plays first
    [2] plays second
    [3] plays third
    [4] plays fourth
   *[other] plays in place { $position }
}
home-other-seats = The other seats
home-opponent = Your opponent
# In games of more than two: $seat is 1, 2, 3 for the seats after the creator's.
home-other-seat = Other seat { $seat }
home-other-person = a person (invite)
# $level: beginner, intermediate or expert.
home-other-computer = { $level ->
    [beginner] the computer, beginner
    [intermediate] the computer, intermediate
   *[expert] the computer, expert
}
# $seats: the number of seats in the room.
home-other-seats-note = { $seats ->
    [2] Seats you give the computer are taken at once; the others are for the people you invite.
   *[other] The other seats follow yours in turn order. Seats you give the computer are taken at once; the others are for the people you invite.
}
home-visibility = Who can join
home-public = Public
    .hint = listed below for anyone
home-private = Private
    .hint = only with your link
home-create = Create the game
home-join-needs-name = Enter your name above, then join.

home-lobby-title = Open games
home-lobby-note = Public rooms waiting for players. Join one with a click.
home-lobby-empty = No open games right now. Create one and share the link!
# How long ago something happened: $unit is now, min or h; $n how many.
home-ago = { $unit ->
    [now] just now
    [min] { $n } min ago
   *[h] { $n } h ago
}
# How long a room has been waiting for players (same arguments as home-ago).
home-lobby-waiting = { $unit ->
    [now] waiting just now
    [min] waiting { $n } min ago
   *[h] waiting { $n } h ago
}
# $rating: the creator's rating in the room's rule set, already written out ("1500", "1500?").
home-lobby-rating = rating { $rating }
home-lobby-rated = rated
# $open: seats still free; $seats: seats in all.
home-lobby-seats-open = { $open } of { $seats } seats open
# The button on a room the reader created (it opens the room) and on any other (it joins).
home-lobby-open = Open
home-lobby-join = Join
    .aria-label = Join { $name }'s game of { $ruleSet }

home-live-title = Playing now
home-live-note = Public games in progress. Watch one.
home-live-empty = Nobody is playing a public game right now.

home-rules-title = How to play
home-rules-text = Every rule set races pieces along the S-shaped path of thirty squares and off the board.
# A link to the rules page, then what follows the link.
home-rules-link = Read the rules of each rule set
    .after = .

## Play now (pages/play-now.js): quick pairing with whoever looks for the same game.

play-now-title = Play now
play-now-note = Play whoever else is looking for the same game: you are seated as soon as there are enough players.
play-now-game = Game
# A choice of game for a rule set with several player counts: $ruleSet, $count players.
play-now-pool = { $ruleSet }, { $count } players
play-now-clock = Clock
play-now-rated = Rated
play-now-rated-note = Rated games change your rating; they need a clock.
# Shown without an account: the text, then a link to the account page, then what follows the link.
play-now-rated-account = Rated games are for players with an account:
    .link = sign up
    .after = .
play-now-go = Play now
play-now-cancel = Cancel
play-now-connecting = Connecting…
# $seats: players in the game; $ruleSet: its name; $timed: yes/no, with $clock the time control;
# $rated: yes/no.
play-now-seeking = { $seats ->
    [2] Looking for an opponent
   *[other] Looking for players
}: { $ruleSet }{ $timed ->
    [yes] , { $clock }
   *[no] {""}
}{ $rated ->
    [yes] , rated
   *[no] {""}
}…
play-now-found = Found! Opening the game…
play-now-replaced = You are looking for a game in another tab.
play-now-stopped = Stopped looking.
# Who waits in each pool: $pools is a list of play-now-pool-waiting, separated by semicolons.
play-now-pools = Waiting now: { $pools }.
# $waiting: how many wait; $ruleSet; $seats; $timed/$clock and $rated as in play-now-seeking.
play-now-pool-waiting = { $waiting } for { $ruleSet }{ $seats ->
    [2] {""}
   *[other] {" "}({ $seats } players)
}{ $timed ->
    [yes] , { $clock }
   *[no] {""}
}{ $rated ->
    [yes] , rated
   *[no] {""}
}

## The games list (pages/history.js, and the rows of the home page's "Playing now").

games-title = Games · Senet Online
games-heading = Games
games-tabs =
    .aria-label = Which games
games-tab-mine = My games
games-tab-all = All recent games
games-tab-live = Playing now
# Before any game: the text, a link to the home page, and the rest of the sentence.
games-no-player = This browser has no player yet:
    .link = start a game
    .after = and your games will be listed here.
games-filter-name = Name
    .placeholder = any player
games-filter-result = Result
games-filter-rule-set = Rule set
games-filter-rule-set-any = Any rule set
games-filter = Filter
games-more = More games
games-none-yet = No games yet.
games-none-match = No games match.
games-live-empty = Nobody is playing right now.
games-playing-as = Playing as
games-total-games = Games
games-total-wins = Wins
games-total-losses = Losses

## The result filter's choices.

games-result-any = Any result
games-result-won = I won
games-result-lost = I lost
# $seat: 1 to 4.
games-result-seat = Seat { $seat } won
games-result-borne-off = All borne off
games-result-resigned = Resigned
games-result-abandoned = Abandoned
games-result-time = On time

## A row of the list.

games-in-progress = in progress
# $outcome: won / lost (the reader's own game), nobody, or other (then $winner names who won);
# $how: how the game ended (one of games-how-…).
games-row-result = { $outcome ->
    [won] Won
    [lost] Lost
    [nobody] Nobody won
   *[other] { $winner } won
} · { $how }
games-how-borne-off = all borne off
games-how-resigned = resignation
games-how-abandoned = abandoned
games-how-gates = Gates of Aaru
games-how-trial = Trial
games-how-no-pawns = no pawns left
games-how-three-borne-off = three borne off
games-how-last-player = last one in
games-how-time = on time
# A seat nobody has a name in, where a name is needed.
games-seat = Seat { $seat }
games-open-seat = open seat
games-you = (you)
games-vs = vs
games-turns = { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}
# $date: a date and time, written the language's way.
games-finished = Finished { $date }
games-started = Started { $date }
# $players: the players' names, joined by games-vs.
games-watch = Watch
    .aria-label = Watch: { $players }
games-replay = Replay
    .aria-label = Replay: { $players }

## Small helpers shared by the pages (pages/ui.js).

ui-dismiss = Dismiss

## Pages: the replay viewer (pages/replay.js), the game review (pages/review.js),
## the charts (draw/review-chart.js, draw/race-chart.js, draw/rating-chart.js),
## the account page, the leaderboards and a player's profile.

## The replay viewer

# A seat nobody's name is known for.
replay-seat = Seat { $number }
replay-in-progress = In progress
replay-not-finished = Not finished
# $head: "Nefertari won, by resignation"; $places: "1. Nefertari 2. Tiye".
replay-result = { $head }. { $places }
replay-start-text = The start.
# The first line of the step list, before any step.
replay-start = start
# $date: a date and time, already written the language's way.
replay-started = Started { $date }
replay-finished = Finished { $date }
# Between the players' names: "Nefertari vs Tiye".
replay-versus = vs
replay-all-games = All games
replay-steps = { $steps } { $steps ->
        [one] step
       *[other] steps
    }
# Before the game's time control ("clock 5 min + 3 s").
replay-clock = clock
replay-fair-checking = Checking the throws…
replay-fair-before = Throws of this game came from the server's random number generator (before provably fair chance).
# After "✓ ". $message: the check's own words; $commitment: the start of a hex code.
replay-fair-ok = Provably fair: { $message } (commitment { $commitment }…)
replay-fair-unchecked = The throws could not be checked in this browser: { $error }
replay-download-text = Download record (.txt)
replay-download-json = Download JSON
replay-board = Board
replay-controls = Step through the game
replay-first = First step
replay-previous = Previous step
replay-slider = Step
replay-next = Next step
replay-last = Last step
replay-race-caption = Race: distance left to bear off
replay-steps-heading = Steps
replay-keys = Arrow keys step; Home and End jump.
replay-loading = Loading the game…
replay-not-found = Game not found
replay-not-found-title = Game not found · Senet Online
# $players: the players' names joined by replay-versus.
replay-doc-title = { $players } · Senet Online
replay-step-of = Step { $step } of { $steps }

## The game review

review-title = Game review
review-grade-best = best move
review-grade-good = good move
review-grade-inaccuracy = inaccuracy
review-grade-mistake = mistake
review-grade-blunder = blunder
# A grade badge's tooltip. $grade: a review-grade-* text; $points: a number with one decimal, already written.
review-badge-title = { $grade }, { $points } points of win chance lost
# Read by screen readers after the step, after a comma.
review-badge-said = { $grade }, { $points } points lost
review-summary-region = Accuracy and luck
review-summary-caption = Accuracy (0–100) and luck (points of win chance, + lucky)
review-player = Player
review-accuracy = Accuracy
review-luck = Luck
# $tables: "yes" when endgame tables were used.
review-computed = Computed by the expert at { $nodes } { $nodes ->
        [one] node
       *[other] nodes
    } a search{ $tables ->
        [yes] , with endgame tables
       *[no] {""}
    }.
# The grades' thresholds, numbers already written.
review-key = Points of win chance lost: ★ best (≤ { $best }), ✓ good (< { $good }), ?! inaccuracy (< { $inaccuracy }), ? mistake (< { $mistake }), ?? blunder.
review-chart-caption-two = Win chance of { $name } after every step (click to jump)
review-chart-caption = Win chance after every step (click to jump)
review-after-game = The review comes once the game is over.
review-failed = No review: { $error }
review-pending = Review being computed…
review-slow = The review is taking long; reload the page later to see it.

## The charts

chart-start = start
# The last step on a chart's axis.
chart-step = step { $step }
chart-seat = Seat { $number }
# A graded slip on the win-chance graph. $grade: a review-grade-* text; $points: a number, already written.
chart-win-mark = Step { $step }: { $grade }, { $points } points lost
# Where the shown step stands. $percent: already written ("48%").
chart-win-now = { $name } { $percent }
chart-win-even = even
# $now: chart-win-now or chart-win-even.
chart-win-label-two = Win chance graph: { $name }'s chance of winning over { $steps } { $steps ->
        [one] step
       *[other] steps
    }. At step { $current }: { $now }.
chart-win-label-many = Win chance graph: each player's chance of winning over { $steps } { $steps ->
        [one] step
       *[other] steps
    }. At step { $current }: { $now }.
# One seat's distance in the race chart's description.
chart-race-seat = { $name } { $distance }
# $where: the chart-race-seat of every seat, as a list.
chart-race-label = Race chart: distance left to bear off over { $steps } { $steps ->
        [one] step
       *[other] steps
    }. At step { $current }: { $where }.
# $label: what the chart shows (profile-chart).
chart-rating-label = { $label }: from { $from } to { $to } over { $games } { $games ->
        [one] rated game
       *[other] rated games
    }

## The account page

account-doc-title = Your account · Senet Online
account-heading = Your account
account-why = With an account you keep your games and your ratings on every device, and you can play rated games.
account-signup-heading = Sign up
account-signup-note = The games you played in this browser stay yours.
account-signup = Sign up
account-login-heading = Log in
account-login = Log in
account-username = Username
account-password = Password
account-username-short = Usernames have at least { $min } { $min ->
        [one] character
       *[other] characters
    }.
account-username-long = Usernames have at most { $max } { $max ->
        [one] character
       *[other] characters
    }.
account-username-chars = Use letters, digits, - and _ only.
account-password-short = Passwords have at least { $min } { $min ->
        [one] character
       *[other] characters
    }.
account-password-long = Passwords have at most { $max } { $max ->
        [one] character
       *[other] characters
    }.
account-rate-limited = Too many attempts. Please try again in { $seconds } { $seconds ->
        [one] second
       *[other] seconds
    }.
# Followed by the username, in bold, then account-shown-as.
account-signed-in = Signed in as
account-shown-as = (shown to others as { $name }).
account-profile-link = Your profile and ratings
account-logout = Log out
account-logout-all = Log out everywhere
account-password-heading = Change your password
account-password-note = Every other device is logged out.
account-current-password = Current password
account-new-password = New password
account-password-change = Change the password
account-welcome = Welcome, { $username }: your account is ready.
account-logged-in = Logged in as { $username }.
account-logged-out = Logged out.
account-logged-out-all = Logged out on every device.
account-password-changed = Password changed; your other devices are logged out.

## The leaderboards

leaderboard-doc-title = Leaderboards · Senet Online
leaderboard-heading = Leaderboards
# The tabs of the rule sets' leaderboards.
leaderboard-pools = Rule sets
# The leaderboard of Senet for 2 to 4 players at tables of $seats.
leaderboard-pool-modern = Senet for { $seats } players
leaderboard-note = The best ratings of players with an established rating (deviation at most { $deviation }) who played a rated game here in the last { $days } days.
leaderboard-loading = Loading…
leaderboard-empty = Nobody is on this board yet: play rated games to get on it.
leaderboard-rank = Rank
leaderboard-player = Player
leaderboard-rating = Rating
leaderboard-games = Rated games

## A player's profile

profile-doc-title = { $name } · Senet Online
profile-not-found-title = Player not found · Senet Online
profile-not-found = Player not found
profile-see-leaderboards = See the leaderboards
profile-plays-as = Plays as { $name }
profile-ratings = Ratings
profile-provisional = A "?" marks a rating that is still provisional: it moves a lot with each game until the player has played enough.
profile-rule-set = Rule set
profile-rating = Rating
profile-deviation = Deviation
profile-rated-games = Rated games
profile-not-rated = not rated yet
profile-games = Games
profile-recent = Recent games
profile-every-game = Every game of { $name }
# A rating chart's caption. $pool: the rule set's name.
profile-chart = { $pool } rating
profile-totals = { $games } { $games ->
        [one] game
       *[other] games
    }, { $wins } won, { $losses } lost.

## Learn to play: the page at /learn and /learn/{id} (src/learn/page.js)
## $ruleSet is a rule set's name; $piece is "piece" or "pawn".

learn-page-doc-title = Learn to play · Senet Online
learn-page-loading = Loading the rule sets…
learn-page-load-failed = Cannot load the rule sets
learn-page-no-such = No such rule set
learn-page-all-lessons = All the lessons
learn-page-title = Learn to play
learn-page-intro = Pick a rule set: you play one game against the beginner computer, and a tip explains each rule the first time it matters. You can leave at any time.
# A lesson's button in the list, and the heading of its page.
learn-page-learn = Learn { $ruleSet }
# $opponents: how many computers the lesson plays against.
learn-page-lesson-intro = You play one game against { $opponents ->
        [one] the beginner computer
       *[other] the beginner computers ({ $opponents } of them)
    }, with no clock. A tip explains each rule the first time it matters; the glowing { $piece ->
        [pawn] pawns
       *[other] pieces
    } are always the ones you may move. You can leave at any time.
learn-page-name = Your name
learn-page-name-placeholder =
    .placeholder = e.g. Nefertari
learn-page-start = Start the lesson
learn-page-rules-first = Read the rules first instead

## The lesson's panel beside the board (src/learn/panel.js)

learn-panel-title = Learning to play
learn-panel-waiting = The computer is setting out the board…
learn-panel-earlier = Earlier tips
learn-panel-earlier-list =
    .aria-label = Earlier tips, newest first
learn-panel-leave = Leave the lesson
learn-panel-close = Close the lesson
learn-panel-play = Play a real game
learn-panel-another = Learn another rule set

## The coach's tips, each said the first time the game shows its rule (src/learn/coach.js)
## $piece is "piece" or "pawn".

# $colour: the reader's colour; $summary: the rule set's summary.
learn-tip-start = You play { $colour } against the beginner computer. { $summary }
learn-tip-start-no-colour = You play against the beginner computer. { $summary }
# $side: "light" or "dark", the side of the sticks the rules count; $table: the
# learn-tip-chance-sticks-entry items, joined; $none: "no light side up"; $zero: its squares.
learn-tip-chance-sticks = Each turn starts with a throw of four sticks. Count the { $side ->
        [dark] dark
       *[light] light
    } sides: { $table }, and { $none } moves { $zero }.
learn-tip-chance-sticks-entry = { $up } { $side ->
        [dark] dark
       *[light] light
    } up moves { $squares }
learn-tip-chance-die = Each turn starts with a roll of one die: its number is how many squares a { $piece ->
        [pawn] pawn
       *[other] piece
    } moves.
learn-tip-chance-dice = Each turn starts with a roll of two dice: move one { $piece ->
        [pawn] pawn by their sum, or two different pawns
       *[other] piece by their sum, or two different pieces
    } by one die each.
# $move: how far the throw moves, e.g. "move 2 squares".
learn-tip-throw = You threw: { $move }.
learn-tip-pass = No { $piece ->
        [pawn] pawn
       *[other] piece
    } could use that throw, so the turn passed to the other side.
learn-tip-again = That throw gives another throw: the same side throws again.
learn-tip-colour = The opening decided who plays which colour.
learn-tip-out = A player who cannot use a throw is out of this game.
learn-tip-swapped = { $piece ->
        [pawn] Landing on an opponent's pawn swapped the two pawns: the one that was hit goes back to where the mover came from.
       *[other] Landing on an opponent's piece swapped the two pieces: the one that was hit goes back to where the mover came from.
    }
learn-tip-sent-home = Landing on an opponent's { $piece ->
        [pawn] pawn
       *[other] piece
    } sent it back to the start.
learn-tip-captured = Landing on an opponent's { $piece ->
        [pawn] pawn
       *[other] piece
    } captured it.
learn-tip-borne-off = A { $piece ->
        [pawn] pawn
       *[other] piece
    } left the board: it is borne off and has finished its race.
learn-tip-bounced = A throw that went past the goal bounced the { $piece ->
        [pawn] pawn
       *[other] piece
    } back by the squares left over.
learn-tip-backward = { $piece ->
        [pawn] No pawn could go forward, so a pawn had to move backward.
       *[other] No piece could go forward, so a piece had to move backward.
    }
learn-tip-entered = A { $piece ->
        [pawn] pawn
       *[other] piece
    } came onto the board from the reserve.
learn-tip-removed = A { $piece ->
        [pawn] pawn
       *[other] piece
    } was taken out of the game for good.
learn-tip-effect = The square a { $piece ->
        [pawn] pawn
       *[other] piece
    } stopped on moved it on.
learn-tip-opening = The opening throw moved a { $piece ->
        [pawn] pawn
       *[other] piece
    } by itself, as the rules say.
# $name: the special square's name ("House of Water"); $square: its number.
learn-tip-water = The { $name } sent a { $piece ->
        [pawn] pawn
       *[other] piece
    } back down the board.
learn-tip-water-unnamed = The water sent a { $piece ->
        [pawn] pawn
       *[other] piece
    } back down the board.
# $name and $effect: the special square's name and what it does.
learn-tip-square = Square { $square } is the { $name }: { $effect }
learn-tip-decide = { $piece ->
        [pawn] The glowing pawns are the ones that can move with this throw. Point at one (or tap it) to see where it goes, then play it.
       *[other] The glowing pieces are the ones that can move with this throw. Point at one (or tap it) to see where it goes, then play it.
    }
# $reason: why, in a sentence or two.
learn-tip-blocked = The { $piece ->
        [pawn] pawn
       *[other] piece
    } on square { $square } cannot move now. { $reason }
# $result: who won and how, a sentence.
learn-tip-end = { $result } That is the whole game: you know how { $ruleSet } is played.

## The rules page at /rules: a card for every rule set (src/pages/rules.js)

rules-page-doc-title = Rules · Senet Online
rules-page-loading = Loading the rules…
rules-page-title = The rules
# Followed by the names of the rule sets, each a link.
rules-page-intro = Senet Online plays { $count ->
        [one] one rule set:
       *[other] { $count } rule sets:
    }
rules-page-none = The rule sets could not be loaded.
rules-page-seats = { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
rules-page-seats-range = { $min } to { $max } players
# $start: "reserve" or "board", where the pieces start.
rules-page-pieces = { $count } { $piece ->
        [pawn] { $count ->
            [one] pawn
           *[other] pawns
        }
       *[other] { $count ->
            [one] piece
           *[other] pieces
        }
    } each, starting { $start ->
        [reserve] in a reserve off the board
       *[board] on the board
    }
# $values: the pieces' values, "1, 2, 3, 4, 5".
rules-page-pieces-valued = { $count } { $piece ->
        [pawn] { $count ->
            [one] pawn
           *[other] pawns
        }
       *[other] { $count ->
            [one] piece
           *[other] pieces
        }
    } each valued { $values } (shown by dots), starting { $start ->
        [reserve] in a reserve off the board
       *[board] on the board
    }
rules-page-chance-sticks = four throwing sticks
rules-page-chance-die = one die
rules-page-chance-dice = two dice
rules-page-full-rules = The full rules
rules-page-learn = Learn to play

## The rules page: the full rules of every rule set, as Markdown (the page renders it).
## The English text is docs/rules.md with **bold** written __bold__ (an indented line may not
## start with "*" in Fluent); test/unit/rules-text.test.js checks the two are the same.
## Headings, lists, tables and code blocks must stay the same in every language; notation and
## codes in backticks and in code blocks stay as they are.

rules-full =
    # How to play Senet (standard rules)

    Senet Online plays by default the __standard rule set__ (`kendall`): Timothy
    Kendall's 1978 reconstruction with R. C. Bell's starting position and Piccione's
    square numbering. The binding specification is `rules-kendall.md` in the team's
    spec folder; this page says the same in players' words. Every place where the
    old texts are unclear and we had to decide is marked __Decision__.

    ## The board

    Thirty squares in three rows of ten. Pieces travel an S-shaped path:

    ```
    row 1:   1  2  3  4  5  6  7  8  9 10    → left to right
    row 2:  20 19 18 17 16 15 14 13 12 11    ← right to left
    row 3:  21 22 23 24 25 26 27 28 29 30    → left to right
    ```

    "Next to" always means the next number along the path, so 10 and 11 are
    neighbours (they also touch on the grid), and so are 20 and 21.

    | square | name | what it does |
    |---|---|---|
    | 15 | House of Rebirth | where a piece from the House of Water comes back |
    | 26 | House of Happiness | every piece must stop here before going further |
    | 27 | House of Water | a piece landing here is washed back to 15 at once |
    | 28 | House of Three Truths | a piece here is safe; it leaves the board with exactly 3 |
    | 29 | House of Re-Atoum | a piece here is safe; it leaves the board with exactly 2 |
    | 30 | House of Horus | a piece here leaves the board with exactly 1; it is __not__ safe on its own |

    ## Pieces and start

    Two players, __Cone__ and __Spool__, five pieces each. Cone starts on 1, 3, 5, 7
    and 9; Spool on 2, 4, 6, 8 and 10. Cone throws first.

    ## Throwing the sticks

    Four sticks, light on one side and dark on the other. Count the light sides:

    | light sides | you move | how likely | throw again? |
    |---|---|---|---|
    | 1 | 1 | 4 in 16 | yes |
    | 2 | 2 | 6 in 16 | no |
    | 3 | 3 | 4 in 16 | no |
    | 4 | 4 | 1 in 16 | yes |
    | none | 5 | 1 in 16 | yes |

    Online, the server throws the sticks for you when you ask; nobody can choose
    or see a throw in advance.

    ## Moving

    Move __one__ piece forward by the throw. The move is allowed only if:

    1. __Stop on 26.__ A piece below 26 may not jump past 26: it has to land on 26
       exactly first. (From 24 a 3 cannot be played; a 2 can.)
    2. __Leaving the board__ needs the exact throw from the last three squares: 3
       from 28, 2 from 29, 1 from 30. Nothing else leaves the board, and a move that
       would go past the end is not allowed. __Decision:__ 26 + 5 does *not* bear
       off. Moving 28→29, 28→30 or 29→30 is an ordinary move.
    3. __Blockades.__ Three or more opponent pieces on consecutive squares form a
       blockade; you cannot jump over any of its squares. Two in a row can be
       jumped. Your own pieces never block you.
    4. __Where you land:__
       - not on your own piece;
       - not on a __protected__ opponent piece: one on 28 or 29, or one with a piece
         of its own side right next to it (on the square before or after);
       - on an unprotected opponent piece you __capture__ it: the two swap places,
         the captured piece going back to the square you came from;
       - on the House of Water (27) your piece goes straight to 15, or, if 15 is
         taken (by either side), to the highest empty square below 15.

    __Decision:__ 26 gives no protection, so a lone piece on 26 can be captured, and
    so can a lone piece on 30.

    ## When you cannot move forward

    - __Forced backward move.__ If no piece can move forward, and at least one
      piece was stopped *only* because its own side stands where it would land
      (it broke none of rules 1–3), you must move one piece of your choice
      __backward__ to the nearest empty square behind it. A piece with no empty
      square behind it cannot be chosen. Going backward never captures and ignores
      blockades. __Decision:__ a piece sent back onto 27 falls into the water and
      goes to 15 like any other.
    - Otherwise the turn is __forfeited__: nothing moves and the opponent throws.

    ## Whose turn

    After a move on a 1, 4 or 5 you throw again; after a 2 or 3 the opponent throws.
    __Decision:__ a forfeited turn always ends your turn, even on 1, 4 or 5.

    ## Winning

    The first player to bear off all five pieces wins at once.

    ## Writing positions and games

    A __position__ is 30 characters for squares 1 to 30 (`c` Cone, `s` Spool, `.`
    empty), a space, and the side to throw. Pieces not on the board have been borne
    off. The start is:

        cscscscscs.................... c

    A __game record__ lists the turns from the start, one token each: the throw, a
    colon, and the square of the piece moved, or `-` when the turn was forfeited:

        3:9 1:14 5:- 2:11 …

    Try it with the command-line tool: `senet moves "cscscscscs.................... c" 3`
    lists every legal move with the position it leads to.

    # The other rule sets

    Senet Online plays every reconstruction of the rules; each has its own page below.

    ## How to play Senet-modern (2, 3 or 4 players)

    Senet-modern (rule set `modern`) is a modern family game on the Senet board:
    two dice, pieces worth points, and two to four players. The binding
    specification is `rules-modern.md` in the team's spec folder; this page says
    the same in players' words. Where the spec or we had to decide, it says
    __Decision__.

    ### The board

    The same thirty squares as every Senet, along the S-shaped path from 1 to 30.
    Square 1 is the __Sun__, where everything starts; one step past 30 is the
    __goal__.

    | square | name | what it does |
    |---|---|---|
    | 1 | the Sun | the start; pieces that are hit or stop on the Moon come back here |
    | 26 | the Moon | a piece that stops here goes back to the Sun |
    | 27 | the Bird | a piece that stops here flies back to 15, or to the nearest empty square below 15 |
    | 28, 29, 30 | safe squares | a piece here cannot be hit by a piece coming from before 26 |

    ### Players and pieces

    Two players is the usual game; three or four may play. Players are P1 to P4
    (`a` to `d` in written positions). Each has five pieces carrying 1 to 5 dots:
    a piece's dots are what it scores when it reaches the goal.

    The pieces start side by side from the Sun, highest first, the players taking
    turns: with two players P1's 5 on the Sun, P2's 5 on 2, P1's 4 on 3, and so on
    to P2's 1 on 10. With three or four the pattern simply goes on (with four, the
    5s stand on 1–4 and the 1s on 17–20). P1 plays first, then P2, and so on.

    ### Your turn

    Roll __two dice__. Then either

    - move __one__ piece by the __sum__ of the dice, or
    - __split__ the dice: move one piece by one die, then a __different__ piece
      by the other. You choose which die to use first.

    With doubles, a split moves two different pieces by the same number.

    If, after your first die, no other piece can use the second die, your turn
    simply ends with one die used. If another piece can use it, you must use it.

    __Your last piece.__ When you have only one piece left on the board, you
    choose before rolling whether to roll one die or two. With two dice your one
    piece moves by their sum.

    ### Moving

    - You may not stop on your own piece.
    - __Hitting.__ Stopping on another player's piece sends it back to the Sun.
      If a piece is already on the Sun (anyone's, even your own), that piece is
      __taken out of the game for good__ and never scores; the hit piece takes
      the Sun. __Decision:__ a piece that moves off the Sun leaves it empty, so a
      piece it hits goes to the Sun without taking anything out.
    - __The goal.__ Reaching the goal exactly (one step past 30) bears the piece
      off and scores its dots. A count that goes further runs to the goal and
      __bounces back__ by the rest: from 28 with 5 you go to the goal and back two
      squares to 29. Where a bounce ends counts like any other move (you may hit
      there, you may not stop on your own piece, the Moon and the Bird work), and
      bouncing back onto the square you started from is a legal move (28 with 6,
      29 with 4, 30 with 2).
    - __The Moon (26)__ sends a piece that stops there back to the Sun, with the
      same rule if the Sun is taken.
    - __The Bird (27)__ sends a piece that stops there back to 15, or, if 15 is
      taken, to the nearest empty square below it. If every square from 1 to 15
      is taken, you may not stop on 27. __Decision:__ the square your piece just
      left counts as empty (from 15 with 12 the piece flies back to 15).
    - __Safe squares (28–30).__ A piece coming from before 26 may not stop on a
      piece standing on 28, 29 or 30. A piece already on 26–30 may hit there.
    - __Must move on.__ If you have a piece on 28–30 and one of them can move,
      you must move one of them. This is checked at each move of your turn: for
      your first move, and again for the second die of a split.

    ### No passing

    If you cannot use your throw at all, you __lose and leave the game__: your
    pieces leave the board (they score nothing more, but what you already bore
    off still counts for the scores). Using one die of a split counts as using the
    throw. A player with no piece left on the board still rolls, cannot move, and
    so leaves. With three or four players the others play on.

    __Resigning or leaving__ a game of three or four players takes you out the
    same way: your pieces leave the board, you rank as a player who left at that
    moment, and if it was your turn the next player still in begins theirs. When
    only one player is left, the game ends and that player is first. With two
    players, resigning or leaving ends the game and the other player wins.

    ### The end and the score

    The game ends as soon as anyone has borne off __three pieces__ (even between
    the two moves of a split), or as soon as only one player is left.

    The highest total of dots borne off wins; then the others in order of their
    totals. Equal totals go to the player who bore off more pieces, then to the
    player who bore off a piece first. __Decision:__ if even that does not decide
    (neither bore anything off), the earlier seat ranks higher. Players who left
    the game rank last, the one who left later above the one who left earlier.

    ### Writing positions

    A position is the 30 squares (`.` or a seat letter and the dots), the number
    of players, whose turn and where it stands, then the pieces borne off, taken
    out and the players out. The start with two players:

        a5b5a4b4a3b3a2b2a1b1.................... 2 a:roll2 off:- removed:- out:-

    `docs/notation.md` ("Senet-modern position text") describes it in full.

    ## How to play Senet: Path of Peril (`peril`)

    Path of Peril is the fast, chaotic party game of Senet Online. It uses the
    Senet board, but one die instead of the sticks, pawns that come onto the board
    from a reserve, captures that take pawns out of the game for good, and five
    dangerous squares at the end of the path. It is the only rule set where one
    pawn reaching the end is enough to win. The binding specification is
    `rules-peril.md` in the team's spec folder; this page says the same in
    players' words. Where the spec had to decide an unclear point, it is marked
    __Decision__.

    ### The board and the pawns

    The usual thirty squares, numbered along the S-shaped path:

    ```
    row 1:   1  2  3  4  5  6  7  8  9 10    → left to right
    row 2:  20 19 18 17 16 15 14 13 12 11    ← right to left
    row 3:  21 22 23 24 25 26 27 28 29 30    → left to right
    ```

    Two players, __Cone__ and __Spool__, with seven pawns each. All of them start
    in their owner's __reserve__, off the board; the board starts empty. Cone rolls
    first.

    ### Your turn

    The server rolls one six-sided die for you. There are no extra rolls: after
    your turn, your opponent rolls.

    - __1, 2 or 3:__ move one of your pawns on the board forward by the roll.
    - __4, 5 or 6:__ either move a pawn forward by the roll, or __summon__ a pawn
      from your reserve: a 4 puts it on square 1, a 5 on 2, a 6 on 3. You can only
      summon onto an empty square.
    - You may not land on your own pawn, and you may not go past 30: a pawn
      reaches 30 only with the exact roll.
    - __Capture:__ landing on an opponent's pawn removes it from the game for
      good.
    - If you can neither move nor summon, your turn passes.

    You choose even when there is only one thing you can do.

    ### The special squares

    A square's effect happens when a pawn ends its move there.

    | square | name | what happens |
    |---|---|---|
    | 15 | Ankh of Rebirth | Take a pawn from your reserve and put it on an empty square of your choice among 1, 2 and 3. Nothing happens if your reserve is empty or all three squares are taken. |
    | 26 | Vulture's Perch | The server rolls. On 1–4 you must remove one of __your own__ pawns from the game — the one on 26 counts. On 5–6 you remove one of your __opponent's__ pawns on the board; if they have none on the board, nothing happens. |
    | 27 | River of Oblivion | __Every__ pawn on the board, of both sides and yours on 27 too, is swept back to the start (see below). |
    | 28 | Trial of the Three Gods | The server rolls. A __3 wins the game__ at once. Any other number sends your pawn to that square (see below). |
    | 29 | Eye of Judgment | Your pawn is removed from the game. |
    | 30 | Gates of Aaru | Landing here does not win yet. At the start of each of your later turns, if your roll is a __6, you win__. Any other roll you play as usual with your other pawns or a summon, and your pawn waits on 30 — where it can be captured. |

    #### The River, pawn by pawn

    The pawns are swept one at a time, starting with the one nearest the end
    (square 30) and going down to square 1. For each pawn the server rolls:

    | roll | 1–2 | 3–4 | 5–6 |
    |---|---|---|---|
    | the pawn goes to | 1 | 2 | 3 |

    If that square is taken, the pawn goes to the next free one in the order 1, 2,
    3, and round again (so from 3 it tries 1, then 2). If 1, 2 and 3 are all taken,
    the pawn goes back to its owner's reserve. Being put on 1–3 by the River
    triggers nothing.

    __Decision:__ the pawn being swept is lifted first, so its own square counts
    as free; pawns not swept yet still stand on their squares and block them. The
    server rolls for every pawn, even when the roll cannot change where it goes,
    and every roll is kept in the game record.

    #### The Trial's other numbers

    On a 1, 2, 4, 5 or 6 your pawn leaves 28 for the square with that number:

    - an opponent's pawn there is captured, as in a normal move;
    - if one of your own pawns is there, your pawn goes instead to the nearest
      empty square below it; if there is none, it goes back to your reserve.

    __Decision:__ "empty" means no pawn of either side, so this fallback skips
    opponent pawns and never captures.

    ### Winning and losing

    - You __win at once__ by passing the Trial (a 3 on 28) or the Gates (a 6 at
      the start of your turn with a pawn on 30).
    - A player who has __no pawns left__ — none on the board and none in the
      reserve — __loses__.
    - __Decision:__ whether someone has run out is judged only once your move and
      all its effects are done (so the Ankh, the Vulture, the River or the Trial
      still happen after your last capture).
    - __Decision:__ if one effect leaves both players without pawns (say your
      last pawn captures your opponent's last pawn on 26 and the Vulture then
      makes you remove it), the player whose turn it is wins.

    ### Online

    The server rolls every die — the turn's roll, the Vulture's, one per pawn in
    the River, the Trial's — and records each one. When the Ankh or the Vulture
    asks you to choose, the game waits for your choice, which the server checks
    like a move.

    ## How to play the other stick rule sets

    Besides the standard rules (`kendall`, see `rules.md`), Senet Online knows three
    more rule sets played with four throwing sticks on the same board of thirty
    squares: Kendall's __seven-piece game__ (`kendall-7`), the popular __web
    version__ (`simple`) and __Jequier's reconstruction__ (`jequier`). The binding
    specifications are `rules-kendall7.md`, `rules-simple.md` and
    `rules-jequier.md` in the team's spec folder; this page says the same in
    players' words. Where a rule had to be decided, it says __Decision__.

    The board and its numbering are those of the standard rules:

    ```
    row 1:   1  2  3  4  5  6  7  8  9 10    → left to right
    row 2:  20 19 18 17 16 15 14 13 12 11    ← right to left
    row 3:  21 22 23 24 25 26 27 28 29 30    → left to right
    ```

    "Next to" always means the next number along the path (10 and 11 are
    neighbours). A piece that lands on its opponent's unprotected piece always
    __captures__ it by swapping: the captured piece goes to the square the attacker
    came from. No piece ever stays on 27, the House of Water.

    In every rule set the server throws the sticks; nobody chooses or sees a throw
    in advance. When no move is possible with a throw, the turn passes with no
    further throw, whatever the throw was.

    ### Kendall's seven-piece game (`kendall-7`)

    Everything is as in the standard rules (`rules.md`), except:

    - __Pieces.__ Seven each. Cone starts on 1, 3, 5, 7, 9, 11 and 13; Spool on 2,
      4, 6, 8, 10, 12 and 14.
    - __The opening.__ Nobody owns a colour yet. A lot decides which player throws
      first; then the two players throw in turn, once each, until one of them
      throws a __1__. Other throws move nothing and give no second throw; they
      only pass the sticks to the other player.
      - Whoever throws the 1 plays __Spool__; the other player plays Cone.
      - That 1 is played at once by the rules: Spool's piece on 14 moves to 15.
      - Because a 1 throws again, the Spool player then throws again, as a
        normal turn.
      - __Decision:__ the opening throws are part of the game's record.
    - __Safe houses.__ A piece on __15, 26, 28 or 29__ cannot be captured.
      __Decision:__ unlike the standard rules, a lone piece on 26 is safe. A lone
      piece on 30 is still not. Protection by a neighbour of the same side and
      blockades of three work as in the standard rules.
    - __Winning.__ The first to bear off all seven pieces wins.

    The throws (1 to 5, light sides counted, none light = 5), the stop on 26, the
    exact bear-off from 28, 29 and 30, the House of Water (to 15, else the highest
    empty square below 15), the forced backward move and the forfeit are all the
    standard rules'.

    ### The web version (`simple`)

    A lighter game: no stop on 26, no blockades, no backward moves.

    - __Pieces.__ Five each on the top row, Cone on 1, 3, 5, 7, 9 and Spool on 2,
      4, 6, 8, 10. Cone throws first.
    - __Throws.__ Count the __dark__ sides; none dark counts 6. So the throws are
      1, 2, 3, 4 and 6, coming 4, 6, 4, 1 and 1 times in 16 (__Decision:__ each
      stick falls dark or light with even chances). After a move on a __1, 4 or
      6__ you throw again; on 2 or 3 the turn passes.
    - __Moving.__ Move one piece forward by the throw. You may jump over any
      pieces; there are no blockades, and no square where you must stop. You may
      not land on your own piece.
    - __Defended pieces.__ A piece is defended when a piece of its own side is
      right next to it, or when it stands on a safe square: __26, 28 or 29__. You
      may not land on a defended piece; landing on an undefended one captures it.
      (15 and 30 are not safe squares.)
    - __Water.__ A piece landing on 27 goes back to 15, or, if 15 is taken, to
      the nearest empty square below 15.
    - __Bearing off.__ A move that goes past 30 takes the piece off the board,
      from any square __except 28 and 29__: a piece on 28 leaves only with exactly
      3 and a piece on 29 only with exactly 2 (from 28 a 1 or a 2, and from 29 a
      1, are ordinary moves to 29 or 30).
    - __No move.__ If no piece can move, the turn passes, with no further throw
      even on 1, 4 or 6. There are no backward moves.
    - __Winning.__ The first to bear off all five pieces wins.

    ### Jequier's reconstruction (`jequier`)

    G. Jequier's rules, confirmed by E. B. Pusch, with walls, backward moves and a
    score for the winner.

    - __Pieces.__ Five each: __White__ on 1, 3, 5, 7, 9 and __Black__ on 2, 4, 6,
      8, 10. Row 3 (21 to 30) is the exit row.
    - __Throws.__ Count the flat sides; none flat counts 6. There is no 5. The
      throws 1, 2, 3, 4 and 6 come 4, 6, 4, 1 and 1 times in 16. After a move on
      a __1, 4 or 6__ you throw again; on 2 or 3 the turn passes. __Decision:__ a
      stick's flat side is its light side, so online the sticks show the flat
      sides as light.
    - __The opening.__ As in the seven-piece game: a lot decides who throws
      first, and the players throw in turn until one throws a __1__. That player
      plays __Black__, the 1 moves Black's piece on 10 to 11 at once, and Black
      throws again. The other player plays White. Other opening throws move
      nothing.
    - __White's first move__ must be made with the piece on __9__. __Decision:__
      until White has moved once, and while a White piece stands on 9, only that
      piece may move. If it cannot move with the throw, White loses the turn and
      the rule still holds next time. If no White piece stands on 9 (Black took
      it), White may move any piece, but should a White piece be swapped back onto
      9 before White's first move, the rule holds again.
    - __Moving.__ Move one piece forward by the throw. You may jump over pieces of
      either colour but never over an opponent __wall__, and you may not land on
      your own piece.
    - __Walls.__ Three or more pieces of one side on consecutive squares form a
      wall. The opponent may neither land on it nor pass over it, forward or
      backward. Your own walls never stop you.
    - __Protected pieces.__ You may not land on a piece that has a piece of its
      own side right next to it, nor on a piece on a __refuge: 26, 28, 29 or 30__.
      Landing on any other opponent piece captures it.
    - __Water.__ A piece that lands on 27, by any move, goes back to square __1__,
      or to the lowest empty square if 1 is taken, and starts again.
    - __Backward moves.__ If none of your pieces can move forward, you must move
      one piece __backward by the full throw__ onto an empty square, not passing
      over an opponent wall. If no piece can do that either, the turn is lost.
      __Decision:__ a lost turn never gives a further throw; a backward move made
      on a 1, 4 or 6 does, like a forward move.
    - __Bearing off.__ Only while __every__ piece you still have on the board is
      in the exit row. Then a piece that lands __exactly on 30__ leaves the board
      at once. No move may go past 30. __Decision:__
      - A piece may move onto 30 earlier; it waits there, safe.
      - Once all your pieces are in the exit row, a piece waiting on 30 leaves
        with any throw, when you choose to move it (it never leaves by itself).
      - If one of your pieces is captured back into row 1 or 2, you cannot bear
        off until it is back in the exit row.
    - __Winning and score.__ The first to bear off all five pieces wins. The
      winner scores __5 points__, plus for each opponent piece still on the board
      1 point in row 3, 2 in row 2 and 3 in row 1; the loser scores 0. Over a
      series of games in one room (rematches) the scores add up, and the room
      shows the running score.

    ### Writing positions

    Positions are written as in the standard rules, 30 characters and the side to
    throw; `docs/notation.md` ("Position text of the stick rule sets") has what is new (Jequier's `w` and `b`, and `o`
    while an opening lasts). The command-line tool lists the legal moves of any of
    the four stick rule sets:

        senet moves --rules jequier "wbwbwbwbw.b................... b" 2
