extension DefaultMessages {
    /// Arabic, with guillemets («…»). A counted noun takes all six of CLDR's forms: zero and
    /// 100+ the singular (١٠٠ حرف), one and two the noun alone (حرف واحد، حرفين), 3–10 the plural
    /// (٣ أحرف), 11–99 the accusative singular (١١ حرفًا). `{expected}` is in the accusative
    /// (ليست رقمًا).
    static let arabic: [String: String] = [
        "required": "حقل «{title}» مطلوب",
        "type": "«{title}»: القيمة «{value}» ليست {expected}",
        "pattern": "تنسيق «{title}» غير صحيح",
        "mask": "يجب أن يكون «{title}» بالشكل {mask}",
        "min_length":
            "يجب ألا يقل «{title}» عن {min_length, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}",
        "max_length":
            "يجب ألا يزيد «{title}» على {max_length, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}",
        "min": "يجب ألا تقل قيمة «{title}» عن {min}",
        "min.date": "يجب ألا يكون تاريخ «{title}» قبل {min}",
        "max": "يجب ألا تزيد قيمة «{title}» على {max}",
        "max.date": "يجب ألا يكون تاريخ «{title}» بعد {max}",
        "option": "«{title}»: «{value}» ليس من الخيارات المتاحة",
        "items.min":
            "يجب أن تحتوي قائمة «{title}» على {min_items, plural, zero {# عنصر} one {عنصر واحد} two {عنصرين} few {# عناصر} many {# عنصرًا} other {# عنصر}} على الأقل",
        "items.max":
            "لا يمكن أن تحتوي قائمة «{title}» على أكثر من {max_items, plural, zero {# عنصر} one {عنصر واحد} two {عنصرين} few {# عناصر} many {# عنصرًا} other {# عنصر}}",
        "items.unique": "تتكرر قيمة واحدة أكثر من مرة في قائمة «{title}»",
        "unique": "{title}: العنصران {first} و{item} لهما القيمة نفسها في «{key}»",
        "check": "لا يستوفي «{title}» الشرط {check}",
        "regex_limit": "«{title}»: القيمة أعقد من أن يُتحقق منها بالنمط",
        "regex_limit.expression": "«{title}»: إحدى القيم أعقد من التعبير النمطي في {rule}",
        "hidden_value": "الحقل «{title}» مخفي لكنه يحتوي على قيمة",
        "orphan": "الحقل «{title}» يحتوي على قيمة لكن «{parent}» فارغ",
        "computed": "قيمة «{title}» هي «{value}» لكن يجب أن تكون «{expected}» وفق القواعد",
        "computed.empty": "قيمة «{title}» هي «{value}» لكن يجب أن تكون فارغة وفق القواعد (الحقول التي تُحسب منها فارغة)",
        "missing_column": "الحقل «{title}» مطلوب لكن البيانات لا تحتوي على العمود «{field}»",
        "unknown_column": "«{column}» ليس حقلًا في القواعد",
        "unknown_column.duplicate": "العمود «{column}» مكرر؛ يُستخدم الأول",
        "duplicate_key": "المفتاح «{key}» مكرر في الكائن؛ يُتحقق من القيمة الأخيرة",
        "external": "«{title}»: {message}",
        "malformed": "تعذرت قراءة البيانات هنا: {detail}",
        "malformed.header": "تعذرت قراءة سطر العناوين: {detail}؛ لن يُتحقق من أي سجل في هذا الملف",
        "unreadable": "تعذرت قراءة الملف: {detail}",
        "file_size": "«{title}»: حجم الملف «{file}» أكبر من {max_size}",
        "media_type": "«{title}»: نوع الملف «{file}» غير مسموح به (المسموح: {media_types})",

        "expected.number": "رقمًا",
        "expected.whole_number": "عددًا صحيحًا",
        "expected.date": "تاريخًا بالتنسيق {format}",
        "expected.bool": "true أو false",
        "expected.option_array": #"مصفوفة JSON من الخيارات، مثل ["a", "b"]"#,
        "expected.item_array": "مصفوفة JSON من الكائنات (كائن لكل عنصر)",
        "expected.item_array.bad_item": "مصفوفة JSON من الكائنات (العنصر {item} ليس كائنًا)",
        "expected.json_string": "سلسلة نصية في JSON",
        "expected.json_number": "رقمًا في JSON",
        "expected.json_whole_number": "عددًا صحيحًا في JSON",
        "expected.json_bool": "قيمة منطقية في JSON (true أو false)",
        "expected.json_date": "تاريخًا كسلسلة نصية في JSON بالتنسيق {format}",
        "expected.json_object": "كائن JSON",
        "expected.value_array": "مصفوفة JSON كل عنصر فيها {each}",
        "expected.files": #"مصفوفة JSON من الملفات، كل منها بالشكل {"name": …, "size": …, "type": …}"#,
        "expected.json_array": "مصفوفة JSON",
        "expected.json_value": "قيمة JSON (من أي نوع)",
        "expected.either": "{first} أو {last}",

        "display.range": "من {min} إلى {max}",
        "display.at_least": "{min} على الأقل",
        "display.at_most": "{max} على الأكثر",
        "display.true": "نعم",
        "display.false": "لا",
        "display.items": "عدد العناصر: {count}",
        "display.bytes": "{count, plural, zero {# بايت} one {بايت واحد} two {بايتان} few {# بايتات} many {# بايتًا} other {# بايت}}",
        "display.kilobytes": "{count} كيلوبايت",
        "display.megabytes": "{count} ميغابايت",
        "display.gigabytes": "{count} غيغابايت",
    ]
}
