extension DefaultMessages {
    /// French. Guillemets and the colon and semicolon take a no-break space (U+00A0), as French
    /// typography wants; a million takes « de » (« 1 000 000 de caractères », CLDR's `many`).
    static let french: [String: String] = [
        "required": "Le champ «\u{A0}{title}\u{A0}» est obligatoire",
        "type": "«\u{A0}{title}\u{A0}»\u{A0}: «\u{A0}{value}\u{A0}» n’est pas {expected}",
        "pattern": "Le format du champ «\u{A0}{title}\u{A0}» est incorrect",
        "pattern.digits":
            "Le champ «\u{A0}{title}\u{A0}» doit compter {count, plural, one {# chiffre} many {# de chiffres} other {# chiffres}}",
        "pattern.digits.prefix":
            "Le champ «\u{A0}{title}\u{A0}» doit compter {count, plural, one {# chiffre} many {# de chiffres} other {# chiffres}} et commencer par {prefix}",
        "mask": "Le champ «\u{A0}{title}\u{A0}» doit respecter le format {mask}",
        "min_length":
            "Le champ «\u{A0}{title}\u{A0}» doit contenir au moins {min_length, plural, one {# caractère} many {# de caractères} other {# caractères}}",
        "max_length":
            "Le champ «\u{A0}{title}\u{A0}» ne doit pas dépasser {max_length, plural, one {# caractère} many {# de caractères} other {# caractères}}",
        "min": "La valeur du champ «\u{A0}{title}\u{A0}» doit être supérieure ou égale à {min}",
        "min.date": "La date «\u{A0}{title}\u{A0}» ne peut pas être antérieure au {min}",
        "max": "La valeur du champ «\u{A0}{title}\u{A0}» doit être inférieure ou égale à {max}",
        "max.date": "La date «\u{A0}{title}\u{A0}» ne peut pas être postérieure au {max}",
        "option": "«\u{A0}{title}\u{A0}»\u{A0}: «\u{A0}{value}\u{A0}» ne fait pas partie des choix proposés",
        "items.min":
            "La liste «\u{A0}{title}\u{A0}» doit comporter au moins {min_items, plural, one {# élément} many {# d’éléments} other {# éléments}}",
        "items.max":
            "La liste «\u{A0}{title}\u{A0}» ne peut pas comporter plus de {max_items, plural, one {# élément} many {# d’éléments} other {# éléments}}",
        "items.unique": "La liste «\u{A0}{title}\u{A0}» contient plusieurs fois la même valeur",
        "unique": "{title}\u{A0}: les éléments {first} et {item} ont la même valeur pour «\u{A0}{key}\u{A0}»",
        "check": "La valeur du champ «\u{A0}{title}\u{A0}» n’est pas acceptée",
        "regex_limit": "«\u{A0}{title}\u{A0}»\u{A0}: la valeur est trop complexe pour être vérifiée avec son motif",
        "regex_limit.expression": "«\u{A0}{title}\u{A0}»\u{A0}: une valeur est trop complexe pour l’expression régulière de {rule}",
        "overflow": "«\u{A0}{title}\u{A0}»\u{A0}: le calcul de {rule} sort de l’étendue des nombres",
        "hidden_value": "Le champ «\u{A0}{title}\u{A0}» est masqué mais contient une valeur",
        "orphan": "Le champ «\u{A0}{title}\u{A0}» est rempli alors que «\u{A0}{parent}\u{A0}» est vide",
        "computed": "«\u{A0}{title}\u{A0}» vaut «\u{A0}{value}\u{A0}», mais devrait valoir «\u{A0}{expected}\u{A0}» d’après les règles",
        "computed.empty":
            "«\u{A0}{title}\u{A0}» vaut «\u{A0}{value}\u{A0}», mais devrait être vide d’après les règles (les champs dont il dépend sont vides)",
        "missing_column": "Le champ «\u{A0}{title}\u{A0}» est obligatoire, mais les données n’ont pas de colonne «\u{A0}{field}\u{A0}»",
        "unknown_column": "Les règles ne définissent aucun champ «\u{A0}{column}\u{A0}»",
        "unknown_column.capped":
            "Plus de {limit}\u{A0}clés de ce fichier ne correspondent à aucun champ\u{A0}; les autres ne sont pas listées",
        "unknown_column.duplicate":
            "La colonne «\u{A0}{column}\u{A0}» apparaît plusieurs fois\u{A0}; seule la première est prise en compte",
        "duplicate_key":
            "La clé «\u{A0}{key}\u{A0}» apparaît plusieurs fois dans l’objet\u{A0}; c’est la dernière valeur qui est vérifiée",
        "choice_columns": "La colonne «\u{A0}{column}\u{A0}» vaut {cell}, mais «\u{A0}{title}\u{A0}» vaut «\u{A0}{answer}\u{A0}»",
        "choice_columns.blank": "La colonne «\u{A0}{column}\u{A0}» vaut {cell}, mais «\u{A0}{title}\u{A0}» n’a pas de réponse",
        "geopoint_columns": "La colonne «\u{A0}{column}\u{A0}» vaut {cell}, mais «\u{A0}{title}\u{A0}» vaut «\u{A0}{answer}\u{A0}»",
        "geopoint_columns.blank": "La colonne «\u{A0}{column}\u{A0}» vaut {cell}, mais «\u{A0}{title}\u{A0}» n’a pas de réponse",
        "geopoint_columns.number": "La colonne «\u{A0}{column}\u{A0}» de «\u{A0}{title}\u{A0}» n’est pas un nombre",
        "geopoint_columns.range": "La colonne «\u{A0}{column}\u{A0}» de «\u{A0}{title}\u{A0}» doit être comprise entre {min} et {max}",
        "geopoint_columns.missing":
            "La colonne «\u{A0}{column}\u{A0}» de «\u{A0}{title}\u{A0}» est vide, alors que les autres colonnes de la position ne le sont pas",
        "external": "«\u{A0}{title}\u{A0}»\u{A0}: {message}",
        "malformed": "Lecture impossible à cet endroit\u{A0}: {detail}",
        "malformed.header": "Impossible de lire l’en-tête\u{A0}: {detail}\u{A0}; aucun enregistrement de ce fichier ne sera vérifié",
        "unreadable": "Impossible de lire le fichier\u{A0}: {detail}",
        "file_size": "«\u{A0}{title}\u{A0}»\u{A0}: le fichier «\u{A0}{file}\u{A0}» dépasse {max_size}",
        "media_type":
            "«\u{A0}{title}\u{A0}»\u{A0}: le type du fichier «\u{A0}{file}\u{A0}» n’est pas accepté (types acceptés\u{A0}: {media_types})",

        "expected.number": "un nombre",
        "expected.whole_number": "un nombre entier",
        "expected.number.no_locale":
            "un nombre décimal simple comme 1200.5 (aucune locale n’est donnée pour y lire une virgule ou une espace)",
        "expected.whole_number.no_locale":
            "un nombre entier simple comme 1200 (aucune locale n’est donnée pour y lire une virgule ou une espace)",
        "expected.date": "une date au format {format}",
        "expected.bool": "true ou false",
        "expected.option_array": #"un tableau JSON de choix, par exemple ["a", "b"]"#,
        "expected.item_array": "un tableau JSON d’objets (un par élément)",
        "expected.item_array.bad_item": "un tableau JSON d’objets (l’élément {item} n’est pas un objet)",
        "expected.json_string": "une chaîne JSON",
        "expected.json_number": "un nombre JSON",
        "expected.json_whole_number": "un nombre entier JSON",
        "expected.json_bool": "un booléen JSON (true ou false)",
        "expected.json_date": "une date en chaîne JSON au format {format}",
        "expected.json_object": "un objet JSON",
        "expected.value_array": "un tableau JSON dont chaque élément est {each}",
        "expected.files": #"un tableau JSON de fichiers, chacun de la forme {"name": …, "size": …, "type": …}"#,
        "expected.json_array": "un tableau JSON",
        "expected.json_value": "une valeur JSON (de n’importe quel type)",
        "expected.either": "{first} ou {last}",

        "display.range": "de {min} à {max}",
        "display.at_least": "au moins {min}",
        "display.at_most": "au plus {max}",
        "display.true": "Oui",
        "display.false": "Non",
        "display.items": "Éléments\u{A0}: {count}",
        "display.bytes": "{count, plural, one {# octet} many {# d’octets} other {# octets}}",
        "display.kilobytes": "{count}\u{A0}Ko",
        "display.megabytes": "{count}\u{A0}Mo",
        "display.gigabytes": "{count}\u{A0}Go",

        "form.unknown_field": "Aucun champ «\u{A0}{field}\u{A0}»",
        "form.unknown_field.suggestion": "Aucun champ «\u{A0}{field}\u{A0}»\u{A0}; vouliez-vous dire «\u{A0}{suggestion}\u{A0}»\u{A0}?",
        "form.unknown_field.item":
            "«\u{A0}{field}\u{A0}» est un champ de chaque élément de «\u{A0}{list}\u{A0}»\u{A0}; indiquez un élément, par exemple {example}",
        "form.index_out_of_range":
            "«\u{A0}{list}\u{A0}» compte {count, plural, one {# élément} many {# d’éléments} other {# éléments}}\u{A0}; il n’y a pas d’élément {index}",
        "form.not_a_value_field": "«\u{A0}{field}\u{A0}» est de type {type} et n’a pas de valeur propre",
        "form.computed_field": "«\u{A0}{field}\u{A0}» est calculé par son expression value et ne peut pas être saisi",
        "form.disabled_field": "«\u{A0}{field}\u{A0}» est désactivé",
        "form.hidden_field":
            "«\u{A0}{field}\u{A0}» est masqué, et les champs masqués ne gardent pas de valeur (hidden_values: clear)",
        "form.text_too_long":
            "«\u{A0}{field}\u{A0}»\u{A0}: {length}\u{A0}caractères saisis d’un coup\u{A0}; au plus {limit} sont lus (définissez plutôt la valeur)",
        "form.type_mismatch": "«\u{A0}{value}\u{A0}» n’est pas une valeur valide de type {type} pour «\u{A0}{field}\u{A0}»",
        "form.type_mismatch.expected": "«\u{A0}{field}\u{A0}»\u{A0}: «\u{A0}{value}\u{A0}» n’est pas {expected}",
        "form.type_mismatch.json": "«\u{A0}{field}\u{A0}»\u{A0}: {value} n’est pas {expected}",
        "form.not_an_option": "«\u{A0}{field}\u{A0}»\u{A0}: «\u{A0}{value}\u{A0}» ne fait pas partie des choix proposés",
        "form.not_an_option.json": "«\u{A0}{field}\u{A0}»\u{A0}: {value} ne fait pas partie des choix proposés",
        "form.not_an_option.list": "«\u{A0}{field}\u{A0}»\u{A0}: «\u{A0}{value}\u{A0}» ne font pas tous partie des choix proposés",
        "form.not_an_option.offered":
            "«\u{A0}{field}\u{A0}»\u{A0}: «\u{A0}{value}\u{A0}» ne fait pas partie des choix proposés en ce moment",

        "form.index_out_of_range.insert":
            "«\u{A0}{list}\u{A0}» compte {count, plural, one {# élément} many {# d’éléments} other {# éléments}}\u{A0}; impossible d’insérer à la position {index}",
        "form.index_out_of_range.move":
            "«\u{A0}{list}\u{A0}» compte {count, plural, one {# élément} many {# d’éléments} other {# éléments}}\u{A0}; impossible de déplacer {from} vers {to}",
        "form.unknown_field.list": "Aucune liste «\u{A0}{field}\u{A0}»",
        "form.not_a_value_field.list": "«\u{A0}{field}\u{A0}» n’est pas une liste",
        "form.type_mismatch.file": "«\u{A0}{field}\u{A0}» est un champ de fichiers\u{A0}: on lui donne ses fichiers, on ne les saisit pas",
        "expected.option": "l’un des choix proposés",
        "type.text": "texte",
        "type.number": "nombre",
        "type.integer": "nombre entier",
        "type.date": "date",
        "type.bool": "oui ou non",
        "type.choice": "choix",
        "type.multi_choice": "choix multiple",
        "type.values": "liste de valeurs",
        "type.file": "fichiers",
        "type.json": "JSON",
        "type.group": "groupe",
        "type.list": "liste",

        "schema": "Le champ «\u{A0}{title}\u{A0}» ne correspond pas au schéma",
        "schema.false": "Le champ «\u{A0}{title}\u{A0}» n’est pas autorisé ici",
        "schema.any": "Le champ «\u{A0}{title}\u{A0}» ne correspond à aucune des formes permises",
        "schema.one": "Le champ «\u{A0}{title}\u{A0}» correspond à plusieurs des formes permises\u{A0}; il doit en suivre une seule",
        "schema.not": "Le champ «\u{A0}{title}\u{A0}» a une forme qui n’est pas permise",
        "schema.unresolved":
            "Le champ «\u{A0}{title}\u{A0}» ne peut pas être vérifié\u{A0}: le schéma «\u{A0}{uri}\u{A0}» auquel il renvoie n’a pas été fourni",
        "schema.limit": "Le champ «\u{A0}{title}\u{A0}» ne peut pas être vérifié\u{A0}: la vérification est trop profonde ou trop longue",
        "min.exclusive": "La valeur du champ «\u{A0}{title}\u{A0}» doit être supérieure à {min}",
        "max.exclusive": "La valeur du champ «\u{A0}{title}\u{A0}» doit être inférieure à {max}",
        "multiple_of": "La valeur du champ «\u{A0}{title}\u{A0}» doit être un multiple de {step}",
        "format": "Le champ «\u{A0}{title}\u{A0}» n’est pas une {format} valide",
        "contains.min":
            "La liste «\u{A0}{title}\u{A0}» doit comporter au moins {count, plural, one {# élément} many {# d’éléments} other {# éléments}} du genre demandé",
        "contains.max":
            "La liste «\u{A0}{title}\u{A0}» ne peut pas comporter plus de {count, plural, one {# élément} many {# d’éléments} other {# éléments}} de ce genre",
        "properties.min":
            "Le champ «\u{A0}{title}\u{A0}» doit comporter au moins {count, plural, one {# entrée} many {# d’entrées} other {# entrées}}",
        "properties.max":
            "Le champ «\u{A0}{title}\u{A0}» ne peut pas comporter plus de {count, plural, one {# entrée} many {# d’entrées} other {# entrées}}",
        "required.dependent": "Le champ «\u{A0}{title}\u{A0}» est obligatoire lorsque «\u{A0}{trigger}\u{A0}» est renseigné",
        "additional": "Le champ «\u{A0}{title}\u{A0}» n’est pas autorisé ici",
        "property_name": "«\u{A0}{title}\u{A0}»\u{A0}: le nom «\u{A0}{name}\u{A0}» n’est pas autorisé",
        "expected.json_null": "null",
        "display.record": "L’enregistrement",
        "format_name.email": "adresse e-mail",
        "format_name.date": "date",
        "format_name.date-time": "date et heure",
        "format_name.time": "heure",
        "format_name.uri": "adresse web",
        "format_name.hostname": "nom d’hôte",
        "format_name.ipv4": "adresse IPv4",
        "format_name.ipv6": "adresse IPv6",
        "format_name.uuid": "valeur UUID",
    ]
}
