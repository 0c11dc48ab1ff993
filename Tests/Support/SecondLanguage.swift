/// A second language for the engine: the German grammar the tests run beside the English one —
/// seven intents (create, start wash, start dryer, fold, wash time, status, yes/no), its own filler, cues and
/// `words` (its numbers and units of time too) — to show that no word of English is in the program (LaundryGrammar, LaundryAssistant).
public enum SecondLanguage {
    public static let german = """
        # Was LaundryTime auf Deutsch versteht: sechs Absichten, zum Beweis.
        expand gibt's = gibt es
        skip bitte | danke | mal | jetzt | doch
        cue negation = nicht | kein | keine | nie
        cue refusal = nein | nee | falsch
        cue assent = ja | klar | genau | jawohl
        cue doubt = vielleicht | weiß nicht
        words reason = weil | während | da
        words then = also | aber
        words pronoun = es | sie | ihn | ihm | ihr
        words pet = tier | haustier
        words naming = tier | haustier | namens | genannt
        words name_lead = namens | genannt | mit dem namen | nenne es | nenne sie
        words name_lead_in = zu | als
        words pet_lead_in = für | von | mit
        words several_pets = alle | beide | alle tiere
        words past_verb = tat | legte | startete
        words past_ending = te
        words told_aside = schon | gerade
        words ending = en | e | t
        words choice_filler = der | die | das | nummer | bitte
        words ordinal = erste | zweite | dritte | vierte | fünfte
        words choice_number = eins | zwei | drei | vier | fünf
        words last = letzte
        words number = null:0 | eins:1 | ein:1 | zwei:2 | drei:3 | vier:4 | fünf:5 | sechs:6 | sieben:7 | acht:8 | neun:9
            | zehn:10 | elf:11 | zwölf:12
        words number_tens = zwanzig:20 | dreißig:30 | vierzig:40 | fünfzig:50 | sechzig:60
        words article = eine | einer
        words and = und
        words duration_unit = minute:1 | minuten:1 | min:1 | stunde:60 | stunden:60
        rule tier = (haustier | wäschetier | tier)
        rule starte = (starte | beginne | mach | schalte)
        rule für = (für | von | mit)
        rule wäsche = (wäsche | waschmaschine | waschgang)
        rule trockner = (trockner | trocknen | trockengang)

        intent create_pet
          group: Haustiere
          summary: Ein neues Wäschetier anlegen.
          example: neues Haustier namens Flocke
          (erstelle | lege | leg) [ein] [neues] <tier> (namens | mit dem namen) {name} [an]
          neues <tier> {name}

        intent start_wash
          group: Wäsche
          summary: Die Wäsche eines Tiers starten.
          example: starte die Wäsche für Schneeflocke
          <starte> [die] <wäsche> <für> {pet} [an | ein]
          <starte> [die] <wäsche> [an | ein]
          {pet} [in die waschmaschine] waschen

        intent start_dry
          group: Wäsche
          summary: Den Trockner eines Tiers starten.
          example: starte den Trockner für Schneeflocke
          <starte> [den] <trockner> <für> {pet} [an | ein]
          {pet} (trocknen | in den trockner)

        intent mark_folded
          group: Wäsche
          summary: Die Wäsche eines Tiers ist gefaltet.
          example: Schneeflocke ist gefaltet
          {pet} ist [fertig] (gefaltet | zusammengelegt | weggeräumt)
          (falte | lege) {pet} [zusammen]

        intent set_wash_time
          group: Wäsche
          summary: Wie lange die Wäsche eines Tiers dauert.
          example: stelle die Waschzeit für Flausch auf 30 Minuten
          (stelle | setze) die waschzeit <für> {pet} auf {minutes}
          <starte> [die] <wäsche> <für> {pet} für {minutes}

        intent status
          group: Haustiere
          summary: Wie es allen geht.
          example: status
          status
          wie geht es (allen | meinen tieren | den tieren)
          was ist fällig

        intent confirm
          group: Allgemein
          summary: Ja.
          (ja | jawohl | klar | genau | ja gerne | mach das)

        intent deny
          group: Allgemein
          summary: Nein.
          (nein | nee | lieber nicht | auf keinen fall | abbrechen)
        """
}
