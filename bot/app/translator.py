"""Command names, descriptions, options and choices in the reader's language (issue 15 item 1).

discord.py wraps every command string in ``locale_str`` (``auto_locale_strings``) and asks the
tree's translator for each Discord locale while building the sync payload; this one answers from
the message catalogues (``i18n``), in the context of the string's place (``CONTEXTS``), so "seat"
the option name and "seat" in a description can differ. The games' own commands
(``rules.core.GameCommand``) pass through here too: their texts are catalogued like ours.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

import i18n

# The catalogue context of each place a command string appears (commands.po).
CONTEXTS = {
    Where.command_name: "command name",
    Where.group_name: "command name",
    Where.command_description: "command description",
    Where.group_description: "command description",
    Where.parameter_name: "option name",
    Where.parameter_description: "option description",
    Where.choice_name: "choice",
    Where.other: "command other",
}


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalogue's text, or None (Discord then shows the English)."""
        return translation(string, locale.value, context)


def _own(context: app_commands.TranslationContextTypes, text: str, locale: str, where: Where) -> str | None:
    """An option's own words in one command, where the generic ones would mislead (a game's
    ``member`` may be a family member, ``/game replace``'s is a server member): the context is the
    place's and the command's, e.g. ``option name /<game> <subcommand>``."""
    command = getattr(context.data, "command", None)
    if where not in (Where.parameter_name, Where.parameter_description) or command is None:
        return None
    return i18n.lookup(text, locale, f"{CONTEXTS[where]} /{command.qualified_name}")


def translation(
    string: app_commands.locale_str, locale: str, context: app_commands.TranslationContextTypes
) -> str | None:
    """A plain string is looked up in its place's context; one made from a template
    (``bot.app.commands.described``) has its template looked up and its values translated as
    phrases (a game's title stays), then is shortened as the English was."""
    where = context.location
    if i18n.language(locale) == i18n.SOURCE:
        return None
    extras = dict(string.extras)
    template = extras.pop("template", None)
    if template is None:
        return _own(context, string.message, locale, where) or i18n.lookup(
            string.message, locale, CONTEXTS[where]
        )
    found = i18n.lookup(template, locale, CONTEXTS[where])
    if found is None:
        return None
    values = {k: i18n.translate_phrase(str(v), locale) for k, v in extras.items()}
    return shorten(found.format(**values), LIMITS.get(where, 100))


# Discord's limits on localized strings (descriptions 100, names 32, choices 100).
LIMITS = {Where.command_name: 32, Where.group_name: 32, Where.parameter_name: 32}


def shorten(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, cut at a word and marked with an ellipsis if long."""
    if len(text) <= limit:
        return text
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:(") + "…"


def described(template: str, **params: str) -> app_commands.locale_str:
    """A description made from a template: Discord gets it shortened to 100 characters, and the
    translator the template and its values, to shorten its own words."""
    return app_commands.locale_str(shorten(template.format(**params), 100), template=template, **params)
