"""SVG pictures of a position or of a player's view, for notebooks, docs and apps.

:func:`board_svg` (in :mod:`solitaire_core.svg.board`) draws a board as a
standalone SVG document (a string), the way python-chess's ``chess.svg`` draws a
chess board: no dependency, the same string for the same input, one SVG unit per
pixel at the natural size.

The picture shows, on a green table:

* the top row, left to right: the stock (a card back with its size on it),
  the waste (its top cards fanned to the right, the playable one rightmost),
  the reserve (a back with the number of face-down cards, the face-up top
  card beside it), and the foundations right-aligned, slot by slot (S, H, D,
  C, repeated per deck), each showing its top card;
* the column numbers 1..n, as in the move notation;
* the columns, each running down the picture from its bottom card to its top
  card (the playable one, drawn whole); face-down cards are card backs;
* empty piles as dashed outlines (an empty foundation shows its suit);
* optional arrows for moves (a hint, the last move), on top of everything.

Face-up cards show their rank and suit in the top-left corner (``10♥``),
red for hearts and diamonds, black for spades and clubs, and a large suit
symbol in the middle. Nothing hidden from the player is drawn: a position is
drawn as its player's view (:func:`~solitaire_core.view.player_view`), so the
picture of a position and that of its view are the same string.

The elements carry classes for tests, scripts and styling. Each pile is a
group: ``stock``, ``waste``, ``reserve``, ``foundation`` (with ``data-slot``,
0..) and ``column`` (with ``data-column``, 1..n). Inside them, ``card`` is a
face-up card (with ``data-card``, its text such as ``"TH"``), ``back`` a card
back (with ``data-cards``, how many face-down cards it stands for: 1 in a
column, the stock's size, the reserve's face-down count) and ``empty`` an
outline; ``arrow`` is an arrow (with ``data-move``, the move's notation).

>>> from xml.etree import ElementTree
>>> from solitaire_core.deal import deal_code_position
>>> from solitaire_core.moves import Move
>>> from solitaire_core.view import player_view
>>> position = deal_code_position("KL1-D1N-AAAAAAG")
>>> svg = board_svg(position, arrows=[Move.parse("1f")])
>>> root = ElementTree.fromstring(svg)
>>> root.get("viewBox")
'0 0 530 280'
>>> def drawn(kind, attribute):
...     return [e.get(attribute) for e in root.iter() if e.get("class") == kind]
>>> drawn("card", "data-card"), drawn("arrow", "data-move")
(['AD', 'JC', 'KD', 'TC', '9D', '3S', 'AH'], ['1f'])
>>> backs = [int(count) for count in drawn("back", "data-cards")]
>>> backs[0], len(backs[1:])  # the stock, then one back per face-down card
(24, 21)
>>> board_svg(position) == board_svg(player_view(position))
True
"""

from solitaire_core.svg.board import CARD_HEIGHT as CARD_HEIGHT  # re-exported: a card's size
from solitaire_core.svg.board import CARD_WIDTH as CARD_WIDTH
from solitaire_core.svg.board import board_svg

__all__ = ["board_svg"]
