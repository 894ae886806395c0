// English stop words dropped by the tokenizer: NLTK's English list (179 words) after our apostrophe
// split, minus fragments that are also content words or names in Wikipedia passages ("don" as in
// Don Quixote, "won" as in "who won", "ma", "o", "y", "ain"). Contraction halves that remain after the
// split ("s", "t", "d", "ll", "m", "re", "ve", "couldn", "isn", ...) stay listed: they carry nothing.
const WORDS = `
i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers
herself it its itself they them their theirs themselves what which who whom this that these those am is
are was were be been being have has had having do does did doing a an the and but if or because as until
while of at by for with about against between into through during before after above below to from up
down in out on off over under again further then once here there when where why how all any both each few
more most other some such no nor not only own same so than too very s t can will just should now d ll m
re ve aren couldn didn doesn hadn hasn haven isn mightn mustn needn shan shouldn wasn weren wouldn
`;

export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(WORDS.split(/\s+/).filter((w) => w.length > 0));
