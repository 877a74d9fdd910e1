"""The model of "Copy That! Editing Sequences by Copying Spans" (AAAI 2021), and what it reads.

The vocabulary (``vocab``), the configuration (``config``), the span-copying seq2seq model
(``model``, section 2), the lattice of correct actions and the marginal objective over it
(``lattice``, ``objective``: Eq. 2), training batches (``batch``), the merged beam search
(``decoding``: Algorithm 1), exact scoring of given outputs (``scoring``, ``probability``), and
the extra inputs this implementation gives the model: the focus (``focus``), the context segment
(``context``) and character n-grams (``ngrams``). ``../shared/ARCHITECTURE.md`` has the maths.
"""
