"""The span-copying sequence-to-sequence model (paper section 2): a biGRU encoder, a GRU decoder
with Luong attention, and an action head that scores ``Gen(v)`` and every span ``Copy(i, j)``
with an O(S) log-normaliser per position (:func:`span_log_normaliser`); optional hashed
character n-grams (``char_ngrams``) and the :class:`EditEncoder` of the paper's first experiment
(``edit_dim``, after Yin et al. 2019).
Design notes: docs/design.md#paper-model.
"""

from __future__ import annotations

from dataclasses import replace

import torch
import torch.nn.functional as F
from torch import nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

from spancopy_core.editing import alignment
from spancopy_core.paper import focus
from spancopy_core.paper.batch import Batch
from spancopy_core.paper.config import ModelConfig
from spancopy_core.paper.logspace import NEG
from spancopy_core.paper.model_types import EditTensors, Memory, Scores
from spancopy_core.paper.ngrams import input_ngrams
from spancopy_core.paper.objective import sequence_log_likelihood
from spancopy_core.paper.vocab import BOS_ID, PAD_ID, Vocabulary

SAFE_RANGE = 60.0  # exp(-60) is far from float32 underflow; see span_log_normaliser


def span_log_normaliser(
    start: torch.Tensor, end: torch.Tensor, span: bool, segment: torch.Tensor | None = None
) -> torch.Tensor:
    """log sum over allowed spans of exp(a[i] + e[t]), i <= t: (..., S), (..., S) -> (...).

    With row maxima ``ma``, ``me`` this is ``ma + me + log sum_t exp(e_t - me) *
    cumsum_i(exp(a_i - ma))_t``: one exp per score instead of the exp/log pair per element
    of ``logcumsumexp``. It is exact while every unmasked score lies within ``SAFE_RANGE`` of
    its row maximum (no factor underflows, and the dropped products are below 1e-22 of the
    total); the rare rows that spread wider are recomputed with ``logcumsumexp``.

    ``segment`` (broadcastable to (..., S), bool) marks the context segment
    (:mod:`spancopy_core.paper.context`), which follows the method: a span lies inside one segment,
    so each segment's prefix sums run on their own (two cumulative sums, no subtraction).
    """
    if not span:
        return torch.logsumexp(start + end, dim=-1)  # length-1 spans only
    ma = start.amax(-1, keepdim=True).detach()  # (..., 1)
    me = end.amax(-1, keepdim=True).detach()
    weights = (start - ma).exp()  # (..., S)
    if segment is not None:
        inside = segment.expand_as(weights)  # (..., S)
        prefix = torch.where(
            inside,
            torch.cumsum(weights.masked_fill(~inside, 0.0), dim=-1),
            torch.cumsum(weights.masked_fill(inside, 0.0), dim=-1),
        )  # (..., S) sums over the span starts of t's own segment
    else:
        prefix = torch.cumsum(weights, dim=-1)  # (..., S)
    total = (prefix * (end - me).exp()).sum(-1)  # (...)
    out = (ma + me).squeeze(-1) + total.clamp_min(1e-38).log()
    with torch.no_grad():
        valid = start > NEG / 2
        low = torch.minimum(
            start.masked_fill(~valid, 0).amin(-1) - ma.squeeze(-1),
            end.masked_fill(~valid, 0).amin(-1) - me.squeeze(-1),
        )
        wide = (low < -SAFE_RANGE) & valid.any(-1)
    if bool(wide.any()):
        rows_start, rows_end = start[wide], end[wide]  # (W, S)
        if segment is not None:
            inside = segment.expand_as(start)[wide]  # (W, S)
            prefix_log = torch.where(
                inside,
                torch.logcumsumexp(rows_start.masked_fill(~inside, NEG), dim=-1),
                torch.logcumsumexp(rows_start.masked_fill(inside, NEG), dim=-1),
            )
        else:
            prefix_log = torch.logcumsumexp(rows_start, dim=-1)
        exact = torch.logsumexp(rows_end + prefix_log, dim=-1)
        out = out.masked_scatter(wide, exact)
    return out


class Encoder(nn.Module):
    """Bidirectional GRU over the embedded input; returns states (B, S+2, H) and a summary."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        self.rnn = nn.GRU(
            config.embedding_dim,
            config.hidden_size // 2,
            num_layers=config.encoder_layers,
            bidirectional=True,
            batch_first=True,
            dropout=config.dropout if config.encoder_layers > 1 else 0.0,
        )

    def forward(
        self, emb: torch.Tensor, lengths: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        packed = pack_padded_sequence(emb, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.rnn(packed)  # h_n: (layers * 2, B, H / 2)
        states, _ = pad_packed_sequence(out, batch_first=True, total_length=emb.size(1))
        summary = torch.cat([h_n[-2], h_n[-1]], dim=-1)  # (B, H) last layer, both directions
        return states, summary


class Decoder(nn.Module):
    """GRU over emitted tokens plus Luong general attention (no input feeding)."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        H = config.hidden_size
        self.layers = config.decoder_layers
        self.rnn = nn.GRU(
            config.embedding_dim,
            H,
            num_layers=config.decoder_layers,
            batch_first=True,
            dropout=config.dropout if config.decoder_layers > 1 else 0.0,
        )
        self.bridge = nn.Linear(H, H * config.decoder_layers)
        self.attn = nn.Linear(H, H, bias=False)  # W_a of score(h, r) = h . W_a r
        self.combine = nn.Linear(2 * H, H)

    def init_state(self, summary: torch.Tensor, edit: torch.Tensor | None = None) -> torch.Tensor:
        """(B, H) encoder summary and the (B, layers * H) edit term or None -> (layers, B, H)."""
        B, H = summary.shape
        pre = self.bridge(summary) if edit is None else self.bridge(summary) + edit
        return torch.tanh(pre).view(B, self.layers, H).transpose(0, 1).contiguous()

    def attend(self, h: torch.Tensor, memory: Memory) -> torch.Tensor:
        """(B, T, H) GRU outputs -> (B, T, H) attentional outputs tanh(W_c [h; c] + U_o f)."""
        logits = torch.bmm(h, memory.keys.transpose(1, 2))  # (B, T, S + 2)
        logits = logits.masked_fill(~memory.mask[:, None, :], NEG)
        context = torch.bmm(torch.softmax(logits, dim=-1), memory.states)  # (B, T, H)
        return torch.tanh(self.combine(torch.cat([h, context], dim=-1)) + memory.edit_bias)


class EditEncoder(nn.Module):
    """The edit vector of an aligned edit and its two terms in the decoder (module docstring).

    The token embeddings are the model's (tied); this module owns the tag embedding, the
    2-layer biGRU of ``E / 2`` units per direction and the zero-initialised ``U_s``, ``U_o``."""

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        D, H, E = config.embedding_dim, config.hidden_size, config.edit_dim
        self.tag_embedding = nn.Embedding(alignment.TAGS, D, padding_idx=alignment.PAD_TAG)
        self.rnn = nn.GRU(
            3 * D, E // 2, num_layers=2, bidirectional=True, batch_first=True,
            dropout=config.dropout,
        )  # fmt: skip
        self.to_state = nn.Linear(E, H * config.decoder_layers, bias=False)  # U_s
        self.to_output = nn.Linear(E, H, bias=False)  # U_o
        nn.init.zeros_(self.to_state.weight)
        nn.init.zeros_(self.to_output.weight)

    def forward(self, emb: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        """(B, A, 3D) embedded positions and their (B,) lengths -> (B, E) edit vectors."""
        packed = pack_padded_sequence(emb, lengths.cpu(), batch_first=True, enforce_sorted=False)
        _, h_n = self.rnn(packed)  # (2 * 2, B, E / 2)
        return torch.cat([h_n[-2], h_n[-1]], dim=-1)  # (B, E) last layer, both directions


class SpanCopyModel(nn.Module):
    """Seq2Seq with span copying. ``forward(batch)`` returns the training loss per token."""

    gen_mask: torch.Tensor  # (V,) buffer: NEG on the tokens never generated (PAD, BOS)
    vocab_ngrams: torch.Tensor  # (V, G) buffer of a model with char_ngrams: each token's n-grams

    def __init__(self, config: ModelConfig, vocab: Vocabulary) -> None:
        super().__init__()
        self.config = config
        self.vocab = vocab
        V, D, H = len(vocab), config.embedding_dim, config.hidden_size
        self.embedding = nn.Embedding(V, D, padding_idx=PAD_ID)
        self.encoder = Encoder(config)
        self.decoder = Decoder(config)
        self.dropout = nn.Dropout(config.dropout)
        self.gen_proj = nn.Linear(H, D)  # logits = (W_g h) . E^T + b, E tied with the input
        self.gen_bias = nn.Parameter(torch.zeros(V))
        self.span_proj = nn.Linear(H, 2 * H)  # [W_s | W_e] applied to r: starts and ends
        if config.focus:
            self._add_focus_embedding()
        if config.context:
            self._add_context_marker()
        if config.char_ngrams:
            self.ngram_embedding = nn.EmbeddingBag(
                config.char_ngrams + 1, D, mode="mean", padding_idx=0
            )
            grams = input_ngrams([vocab.itos], config.char_ngrams, V + 2)[0, 1:-1]  # (V, G)
            self.register_buffer("vocab_ngrams", torch.from_numpy(grams), persistent=False)
        self._table_cache: tuple[tuple, torch.Tensor] | None = None
        if config.edit_dim:
            self.edit_encoder = EditEncoder(config)
        banned = torch.zeros(V)
        banned[[PAD_ID, BOS_ID]] = NEG  # never generated
        self.register_buffer("gen_mask", banned, persistent=False)

    def _add_focus_embedding(self) -> None:
        self.focus_embedding = nn.Embedding(focus.IDS, self.config.embedding_dim)
        nn.init.zeros_(self.focus_embedding.weight)  # no effect until trained

    def add_focus(self) -> None:
        """Give a model trained without focus the focus feature (:mod:`spancopy_core.paper.focus`),
        with a zero embedding: the model computes what it computed before until fine-tuned."""
        if not self.config.focus:
            self.config.focus = True
            self._add_focus_embedding()
            self.focus_embedding.to(self.device)

    def _add_context_marker(self) -> None:
        # (D,) added to the embedding of every token of the context segment; no effect until
        # trained
        weight = self.embedding.weight
        self.context_marker = nn.Parameter(weight.new_zeros(self.config.embedding_dim))

    def add_context(self) -> None:
        """Give a model trained without the context segment its marker
        (:mod:`spancopy_core.paper.context`), at zero: the model computes what it computed before
        until fine-tuned."""
        if not self.config.context:
            self.config.context = True
            self._add_context_marker()

    def add_edit_encoder(self, edit_dim: int) -> None:
        """Give a model without an edit encoder one of ``edit_dim`` (even), whose terms in
        the decoder start at zero: the model computes what it computed before until trained."""
        if self.config.edit_dim:
            raise ValueError(
                f"the model already has an edit encoder (edit_dim {self.config.edit_dim})"
            )
        replace(self.config, edit_dim=edit_dim)  # checks the value
        self.config.edit_dim = edit_dim
        self.edit_encoder = EditEncoder(self.config).to(self.device)

    @property
    def device(self) -> torch.device:
        return self.embedding.weight.device

    def _ngram_mean(self, ids: torch.Tensor) -> torch.Tensor:
        """(..., G) n-gram ids, 0 padding -> (..., D) mean of their embeddings (0 if none)."""
        flat = self.ngram_embedding(ids.reshape(-1, ids.size(-1)))  # (N, D)
        return flat.view(*ids.shape[:-1], -1)

    def token_table(self) -> torch.Tensor:
        """(V, D) embeddings of the vocabulary: the word embeddings, plus the n-gram means of
        the tokens with the n-gram feature. Kept while the weights are unchanged (each
        optimiser step and ``load_state_dict`` change them in place): computed once per
        training step for the decoder's inputs and the generation head, once for a whole
        decoding. A second backward pass through one kept table without a weight update in
        between (gradient accumulation) would need ``retain_graph``; the trainer never does
        that."""
        weight = self.embedding.weight
        if not self.config.char_ngrams:
            return weight
        grams = self.ngram_embedding.weight
        key = (
            weight.data_ptr(),
            weight._version,
            grams.data_ptr(),
            grams._version,
            weight.dtype,
            torch.is_grad_enabled(),
        )
        if self._table_cache is None or self._table_cache[0] != key:
            self._table_cache = (key, weight + self._ngram_mean(self.vocab_ngrams))
        return self._table_cache[1]

    # -- encoder -------------------------------------------------------------------------
    def edit_vector(self, edit: EditTensors) -> torch.Tensor:
        """The (B, E) edit vectors ``f(x-, x+)`` of ``B`` aligned edits."""
        emb = torch.cat(
            [
                self.embedding(edit.before),
                self.embedding(edit.after),
                self.edit_encoder.tag_embedding(edit.tags),
            ],
            dim=-1,
        )  # (B, A, 3D)
        return self.edit_encoder(self.dropout(emb), edit.lengths)

    def encode(
        self,
        src: torch.Tensor,
        src_len: torch.Tensor,
        focus_ids: torch.Tensor | None = None,
        ngrams: torch.Tensor | None = None,
        edit: EditTensors | None = None,
    ) -> Memory:
        """(B, S + 2) ids with BOS/EOS, their lengths, (B, S + 2) focus ids (None: no focus),
        (B, S + 2, G) character n-gram ids of the input tokens (:mod:`spancopy_core.paper.ngrams`)
        and the edit each input is to receive -> :class:`Memory`. A model without the focus
        feature ignores ``focus_ids`` (but for the context segment, marked CONTEXT there,
        whose spans every model keeps apart: :mod:`spancopy_core.paper.context`), one without the
        n-gram feature ``ngrams``, one without an edit encoder ``edit``; a model with either
        of the last two needs them."""
        emb = self.embedding(src)  # (B, S + 2, D)
        if self.config.char_ngrams:
            if ngrams is None or ngrams.size(-1) == 0:
                raise ValueError("this model needs the character n-grams of its inputs")
            emb = emb + self._ngram_mean(ngrams)  # (B, S + 2, D)
        positions = torch.arange(src.size(1), device=src.device)
        in_context = (
            focus_ids == focus.CONTEXT
            if focus_ids is not None
            else torch.zeros_like(src, dtype=torch.bool)
        )  # (B, S + 2) the separator and the context tokens
        if self.config.focus and focus_ids is not None:
            emb = emb + self.focus_embedding(focus_ids.masked_fill(in_context, focus.NONE))
        if self.config.context:
            emb = emb + in_context[..., None] * self.context_marker  # (B, S + 2, D)
        emb = self.dropout(emb)
        states, summary = self.encoder(emb, src_len)  # (B, S + 2, H), (B, H)
        mask = positions[None, :] < src_len[:, None]  # (B, S + 2)
        starts, ends = self.span_proj(states[:, 1:-1]).chunk(2, dim=-1)  # (B, S, H) each
        segment = in_context[:, 1:-1]  # (B, S)
        separator = segment & ~F.pad(segment, (1, 0))[:, :-1]  # (B, S) first context position
        copyable = positions[None, : src.size(1) - 2] < (src_len[:, None] - 2)  # (B, S)
        copyable = copyable & ~separator
        bias = torch.zeros(copyable.shape, dtype=states.dtype, device=src.device)
        bias = bias.masked_fill(~copyable, NEG).repeat(1, 2)[:, None, :]  # (B, 1, 2S)
        edit_state, edit_bias = None, states.new_zeros(src.size(0), 1, states.size(-1))
        if self.config.edit_dim:
            if edit is None:
                raise ValueError("this model applies an edit: give the edit of every input")
            f = self.dropout(self.edit_vector(edit))  # (B, E)
            edit_state = self.edit_encoder.to_state(f)  # (B, layers * H)
            edit_bias = self.edit_encoder.to_output(f)[:, None, :]  # (B, 1, H)
        return Memory(
            states=states,
            keys=self.decoder.attn(states),
            mask=mask,
            span_keys=torch.cat([starts, ends], dim=1),
            span_bias=bias,
            edit_bias=edit_bias,
            segment=segment if bool(segment.any()) else None,  # checked once, not every step
            init_state=self.decoder.init_state(summary, edit_state),
        )

    # -- decoder -------------------------------------------------------------------------
    def run_decoder(
        self, tokens: torch.Tensor, state: torch.Tensor, lengths: torch.Tensor | None = None
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """Feed (N, P) token ids from ``state`` (layers, N, H); with ``lengths`` the sequences
        are packed and the returned state is each one's state after its last real token.
        Returns GRU outputs (N, P, H) and the new state (layers, N, H)."""
        emb = self.dropout(F.embedding(tokens, self.token_table(), PAD_ID))  # (N, P, D)
        if lengths is None:
            return self.decoder.rnn(emb, state)
        packed = pack_padded_sequence(emb, lengths.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.decoder.rnn(packed, state)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=tokens.size(1))
        return out, h_n

    def attend(self, h: torch.Tensor, memory: Memory) -> torch.Tensor:
        """(B, T, H) decoder GRU outputs -> (B, T, H) attentional outputs ``o`` of the head."""
        return self.dropout(self.decoder.attend(h, memory))

    def gen_logits(self, o: torch.Tensor) -> torch.Tensor:
        """(B, T, H) attentional outputs -> (B, T, V) float32 Gen logits, NEG for PAD and BOS."""
        return (
            torch.addmm(  # (B * T, V)
                self.gen_bias + self.gen_mask,
                self.gen_proj(o).flatten(0, 1),
                self.token_table().t(),
            )
            .view(*o.shape[:2], -1)
            .float()
        )

    def score(self, h: torch.Tensor, memory: Memory) -> Scores:
        """(B, T, H) decoder GRU outputs -> action :class:`Scores` in float32."""
        o = self.attend(h, memory)  # (B, T, H)
        gen = self.gen_logits(o)  # (B, T, V)
        spans = torch.baddbmm(memory.span_bias, o, memory.span_keys.transpose(1, 2))  # (B,T,2S)
        start, end = spans.float().chunk(2, dim=-1)  # (B, T, S) each
        segment = None if memory.segment is None else memory.segment[:, None, :]  # (B, 1, S)
        span_z = span_log_normaliser(start, end, self.config.copy_mode == "span", segment)  # (B, T)
        log_z = torch.logaddexp(torch.logsumexp(gen, dim=-1), span_z)
        return Scores(gen=gen, start=start, end=end, log_z=log_z)

    def scores(self, batch: Batch) -> Scores:
        """Teacher-forced scores at every target position of ``batch``."""
        memory = self.encode(batch.src, batch.src_len, batch.focus, batch.ngrams, batch.edit)
        h, _ = self.run_decoder(batch.tgt_in, memory.init_state)  # (B, T, H)
        return self.score(h, memory)

    def forward(self, batch: Batch) -> torch.Tensor:
        """Training loss: negative log-likelihood per target token (EOS included) under the
        configured objective."""
        log_lik = sequence_log_likelihood(self.scores(batch), batch, self.config.objective)
        return -log_lik.sum() / batch.num_tokens
