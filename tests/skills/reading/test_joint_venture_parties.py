"""A joint venture between a majority and a minority shareholder, read for the minority.

- Indian-style parties ('(hereinafter the "Majority Partner", which expression shall ... include its successors)')
  are the parties, and two shareholders "together referred to as the Shareholders" but each with rights of its
  own stay two parties: acting for one of them is not acting for both.
- "may require the Minority Partner, by written notice, to Transfer" is the majority's drag, not the minority's.
- New shares offered to the shareholders pro rata (a rights issue) are pre-emption, however they are named.
"""

JV = """# JOINT VENTURE AGREEMENT

This Joint Venture Agreement is made on 3 March 2026 BY AND AMONG

**KESTREL PORTS LIMITED**, a company incorporated under the Companies Act, 2013 (hereinafter the "**Lead Partner**", which expression shall, unless repugnant to the context, include its successors and permitted assigns) of the FIRST PART;

**ORIOLE MARINE SYSTEMS LIMITED**, a company incorporated under the Companies Act, 2013 (hereinafter the "**Technology Partner**", which expression shall include its successors) of the SECOND PART; and

**HARBOURLINK JV PRIVATE LIMITED** (hereinafter the "**JV Company**") of the THIRD PART.

The Lead Partner and the Technology Partner are together referred to as the "**Shareholders**" and each as a "**Shareholder**".

## 4. Capital

4.1 The Lead Partner shall subscribe for 7,000 shares and the Technology Partner for 3,000 shares.

4.2 If the board resolves that further capital is required, the JV Company shall offer the new Equity Shares to the Shareholders pro rata to their holdings, and any shares not taken up within 21 days may be allotted to the Lead Partner.

## 5. Board

5.1 The Lead Partner may appoint three directors and the Technology Partner may appoint one director.

5.2 The Lead Partner shall appoint the chairman. The Technology Partner shall receive the board papers seven days before each meeting.

## 9. Transfers

9.1 Where the Lead Partner agrees to sell more than half of its shares to a buyer, the Lead Partner may require the Technology Partner, by a notice in writing (a "**Sale Notice**"), to transfer all its shares to that buyer at the price the Lead Partner has agreed.

9.2 The Technology Partner shall sign the transfer forms within ten days of the Sale Notice. The Lead Partner shall bear the costs of the transfer.
"""


def test_the_indian_parties_block_names_the_partners_and_each_stays_a_party():
    from paralaw.skills.documents.loaders import parse_document_text
    from paralaw.skills.positions.engine import our_side

    _, _, side = our_side(parse_document_text(JV, filename="jv.md"), "Technology Partner")
    assert side.party == "Technology Partner", side


def test_the_majority_drags_the_minority_and_a_pro_rata_offer_is_pre_emption(judged):
    results = judged(JV, "Technology Partner", domain="sha_spa", filename="jv.md")
    drag = results["sha_drag_along"]
    assert drag.verdict == "RED" and drag.clause_id == "9.1"
    assert results["sha_pre_emption"].verdict != "MISSING" and results["sha_pre_emption"].clause_id == "4.2"


def test_the_same_drag_and_pre_emption_read_in_other_words(assert_read_as):
    from paralaw.skills.reading.reader import Party, SentenceReader

    reader = SentenceReader((Party("Investor"), Party("Founder")), {})
    drag = assert_read_as(reader, "The Investor may require the Founder, on twenty days' notice, to sell all of his shares to the offeror.", "drag")
    assert drag[0].actor == "Investor"
    assert_read_as(reader, "Any new ordinary shares shall be offered to the members in proportion to their existing holdings.",
                   "pre_empt", condition="new_issue")
    assert_read_as(reader, "Further equity shall be raised only by way of a rights issue of new shares.", "pre_empt", condition="new_issue")


def test_a_call_on_default_is_no_drag():
    from paralaw.skills.reading.reader import Party, SentenceReader

    reader = SentenceReader((Party("Investor"), Party("Founder")), {})
    text = ("On an Event of Default the Investor may by notice require the Founder to sell all of his Shares to the Investor "
            "at ninety per cent. of their Fair Value.")
    assert [p for p in reader.read(text.replace("to the Investor at", "to the other Shareholder at")) if p.action == "drag"] == []
