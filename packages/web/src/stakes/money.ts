/** Play money for people (moneyText in packages/rules): "10 ct", "1,20 €"; "10c", "€1.20". */
import { moneyText } from "@schwimmen/rules";

export type MoneyLang = "de" | "en";

export const money = (cents: number, lang: MoneyLang, signed = false): string => moneyText(cents, lang, signed);
