-- System messages name their words by the producing feature's catalogue key (issue 27: events are
-- declared by their producers, with their messages' words); rows written before name the inbox's
-- own old keys.
UPDATE "inbox_message" SET "template" = CASE "template"
  WHEN 'depositCredited' THEN 'wallet:messages.depositCredited'
  WHEN 'withdrawalPaid' THEN 'wallet:messages.withdrawalPaid'
  WHEN 'withdrawalRejected' THEN 'wallet:messages.withdrawalRejected'
  WHEN 'contractOffered' THEN 'agent:messages.contractOffered'
  WHEN 'contractEnded' THEN 'agent:messages.contractEnded'
  WHEN 'bonusIssued' THEN 'promotions:messages.bonusIssued'
  WHEN 'bonusMissed' THEN 'promotions:messages.bonusMissed'
  WHEN 'vipLevelUp' THEN 'promotions:messages.vipLevelUp'
  WHEN 'applicationRejected' THEN 'promotions:messages.applicationRejected'
  WHEN 'referralRewarded' THEN 'promotions:messages.referralRewarded'
  WHEN 'referralWelcomed' THEN 'promotions:messages.referralWelcomed'
  ELSE "template" END
WHERE "kind" = 'system' AND "template" NOT LIKE '%:%';
