import type { LearnTexts } from "./texts.js";

export const learnEn: LearnTexts = {
  heading: "Coach",
  lessonOf: "Lesson {n} of {of}: {title}",
  next: "Next",
  nextLesson: "Next lesson",
  startMatch: "Start your first match",
  wrong: "That is not the best move here.",
  tryAgain: "Have another go.",
  match: "Your first real match, against two Beginner bots. Stuck? Press “Hint”. Good luck!",
  lessons: [
    {
      title: "What a hand is worth",
      steps: [
        {
          say: [
            "Only one suit counts: your {ace} and {king} make 21 together.",
            "An ace counts 11, a picture card 10, every other card its number.",
            "Your {give} is of another suit, so it does not count.",
            "Tap your {give}, then the {take} in the middle – that makes 31.",
          ],
          wrong: {
            swap: "That does not get you to 31. Give up the {give} and take the {take}: three cards of one suit.",
            swapAll: "Then your {ace} and {king} would be gone. Swap just one card: the {give} for the {take}.",
            pass: "Passing does not help here – the {take} in the middle turns your hand into 31.",
            knock: "Knocking with 21 is too early; there is something much better in the middle.",
          },
        },
      ],
      done: [
        "31! The round ends at once and everybody shows their cards.",
        "Lena had three kings: three of a kind count 30½.",
        "Tom had only 9 points, the weakest hand – he loses a life.",
        "Only Feuer beats 31: three aces, and everyone else loses a life.",
      ],
    },
    {
      title: "Swapping one card or all three",
      steps: [
        {
          say: [
            "Your three cards do not go together at all: just 9 points.",
            "The middle holds three cards of one suit, 29 together.",
            "Take all three at once: press “Swap all”.",
          ],
          wrong: {
            swap: "One card alone does little here. The three in the middle belong together – take them all.",
            pass: "Passing leaves you with 9 points. Take the whole middle with “Swap all”.",
            knock: "Knock with 9 points? You would almost surely lose. Swap all three instead.",
          },
        },
        {
          say: [
            "Now you have 29. Lena has just put the {take} in the middle.",
            "It is of your suit and counts more than your {give}.",
            "Swap the {give} for the {take}: that makes 31.",
          ],
          wrong: {
            swap: "Not quite: give up the {give}, your smallest card, and take the {take}.",
            swapAll: "Give everything back? Your new cards are good. Swap just the {give} for the {take}.",
            pass: "You could pass, but the {take} gives you 31 right now.",
            knock: "29 is strong, but with the {take} you have 31 right now.",
          },
        },
      ],
      done: [
        "31! One card makes your hand better; “Swap all” gets you a whole new one.",
        "Tom had the least and loses a life.",
      ],
    },
    {
      title: "Passing and a new middle",
      steps: [
        {
          say: [
            "You have 21 in one suit, but nothing in the middle goes with it.",
            "Then you pass: your cards stay as they are and the next player is on.",
            "Press “Pass”.",
          ],
          wrong: {
            swap: "That card does not help; your 21 would not grow. Better pass.",
            swapAll: "Then you would give away your two good cards. Better pass.",
            knock: "Knocking with 21 is risky; someone will soon have more. Better pass.",
          },
        },
        {
          say: [
            "Everybody passed – so three new cards come to the middle, and the old ones leave the game.",
            "Now something fits: swap the {give} for the {take}.",
          ],
          wrong: {
            swap: "Look closely: the {take} goes with your two best cards. Give up the {give} for it.",
            swapAll: "Not all of them – only the {take} fits your hand. Swap your {give} for it.",
            pass: "No more passing: the {take} gets you to 31.",
            knock: "The {take} gets you to 31 – better than knocking now.",
          },
        },
      ],
      done: [
        "31! Remember: once everyone has passed in a row, there is a fresh middle.",
        "Lena had the least and loses a life.",
      ],
    },
    {
      title: "When to knock",
      steps: [
        {
          say: [
            "30 points in one suit – that is rarely beaten.",
            "With “Knock” you say: my hand is good enough.",
            "Then everyone else has exactly one more turn, and the hands are shown.",
            "Knock now, before the others catch up.",
          ],
          wrong: {
            swap: "That does not make your hand any better. With 30, you knock.",
            swapAll: "Your hand is nearly perfect – do not give it away. Knock!",
            pass: "You may pass, but then the others get more time to catch up. Better knock.",
          },
        },
      ],
      done: [
        "Lena still swapped, Tom passed – and then it was over.",
        "Tom had the least and loses a life.",
        "Knock only with a good hand: if yours is the lowest in the end, you lose the life.",
      ],
    },
    {
      title: "Lives, swimming and the end",
      steps: [
        {
          say: [
            "Everyone starts with three lives: the coins next to each name.",
            "A few rounds have been played already: you have one life left, Lena none.",
            "A player without lives is swimming (the wave) – one more loss and they are out.",
            "The last player left at the table wins the match.",
            "Finish it now: swapping the {give} for the {take} makes 31.",
          ],
          wrong: {
            swap: "Careful, you have only one life left! Take the {take} for your {give} – that is 31.",
            swapAll: "That makes your hand weaker. Swap just the {give} for the {take}.",
            pass: "Passing is too careful here: the {take} gives you 31 at once.",
            knock: "Knocking with 20 is risky – lose and you are swimming. Take the {take} instead.",
          },
        },
      ],
      done: [
        "Lena lost while she was swimming – she is out.",
        "Only you are left: you have won the match!",
        "Now you are ready for a real match against two Beginner bots.",
      ],
    },
  ],
};
